import type { Page, TestInfo } from '@playwright/test';

/** A journey's step: its screen, attached to the report (the journey is read from these). */
export async function step(page: Page, info: TestInfo, name: string, fullPage = true) {
  const file = info.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** An instant `days` from now, as the API takes it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
