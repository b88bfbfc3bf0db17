import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/chromium.ts';

const launchOptions = { executablePath: findChromium(), args: chromiumArgs };

/** End-to-end tests in real Chromium against the built app, at desktop and phone widths. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  forbidOnly: true,
  retries: 0,
  // The tests wait on the server and on time as much as they render: four workers keep this
  // 2-core machine busy (BENCHMARKS.md, CI time).
  workers: process.env.CI ? 4 : undefined,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Time limits are safety nets for a hung test, never a measure of speed (BENCHMARKS.md holds
  // those): a slower or busier machine must not fail a test that is right, only take longer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    // A trace records every step of every test; CI shows only text, so it keeps none (the
    // failure's screenshot stays). Locally a failing test leaves its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      // Phone width runs the tests tagged @phone: what changes with the width — the top bar and
      // footer, the profile layout, an admin screen at 390 px — and the keyboard, accessibility,
      // sign-in and registration, and the booth. Flows whose screens are the same at any width
      // run once, at desktop width; the journey and the hostile-text suite look at their
      // screens 390 px wide themselves, and zoom checks reflow at 200% of the desktop width.
      grep: /@phone/,
      use: {
        browserName: 'chromium',
        ...devices['Pixel 7'],
        launchOptions,
        defaultBrowserType: 'chromium',
      },
    },
  ],
});
