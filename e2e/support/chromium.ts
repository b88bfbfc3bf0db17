import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's headless shell
 * (`apt-get install chromium-headless-shell`: Chromium's own headless build, the one Playwright
 * itself runs headless, with the same Blink and V8 and about half the CPU of the full browser run
 * headless), else Debian's /usr/bin/chromium, else a browser Playwright installed itself. Nothing
 * is ever downloaded here.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  try {
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own installed
  }
  throw new Error(
    'Chromium tidak ditemukan untuk tes end-to-end. Pasang dengan `sudo apt-get install ' +
      'chromium-headless-shell` (Debian/Ubuntu), atau tunjuk browser yang ada dengan ' +
      'CHROMIUM_PATH=/path/ke/chromium.',
  );
}

/** Flags that keep Chromium quiet and offline in a sandboxed CI machine. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
