import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/chromium.ts';

const launchOptions = { executablePath: findChromium(), args: chromiumArgs };

/** End-to-end tests in real Chromium against the built app, at desktop and phone widths. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      // Phone width checks what changes with the width: layout (shell, profile, the admin
      // screens at 390 px, zoom), the keyboard, accessibility, sign-in and registration, and the
      // booth. Flows whose screens are the same at any width run once, at desktop width; the
      // journey and the hostile-content suite look at their screens 390 px wide themselves.
      testIgnore:
        /election-journey|hostile-content|session|news|live-turnout|structure|documents|verifikasi|master-oversight/,
      use: {
        browserName: 'chromium',
        ...devices['Pixel 7'],
        launchOptions,
        defaultBrowserType: 'chromium',
      },
    },
  ],
});
