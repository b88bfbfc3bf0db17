import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { type BrowserContext, type Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 levels A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Loads axe-core into every page of the context as it opens, so a scan does not send its 500 KB
 * source again each time (AxeBuilder then only runs it).
 */
export async function preloadAxe(context: BrowserContext) {
  await context.addInitScript({ content: axe.source });
}

/** Serious and critical WCAG A/AA violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // The page has no frames: axe runs in it directly (legacy mode), not through a blank page.
  const result = await new AxeBuilder(loaded ? { page, axeSource: ';' } : { page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    // Only the violations are read: axe then skips collecting the passes' nodes.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')} — ${(n.failureSummary ?? '')
            .replace(/\s+/g, ' ')
            .slice(0, 240)}`,
      ),
    );
}

/**
 * Field errors that a screen reader would miss: every shown message must be announced (inside
 * role=alert/status or aria-live) and tied to an invalid field by aria-describedby.
 */
export async function unwiredFieldErrors(page: Page, where: string): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main .field-error')) {
      const text = el.textContent?.trim() ?? '';
      if (!el.offsetParent || !text) continue;
      if (!el.closest('[role="alert"], [role="status"], [aria-live]'))
        out.push(`error not announced: "${text}"`);
      const tied =
        el.id !== '' &&
        [...document.querySelectorAll('[aria-describedby]')].some(
          (c) =>
            c.getAttribute('aria-describedby')!.split(/\s+/).includes(el.id) &&
            // a field marked invalid, or a group of choices (checkboxes) described as a whole
            (c.getAttribute('aria-invalid') === 'true' || c.tagName === 'FIELDSET'),
        );
      if (!tied) out.push(`error not tied to an invalid field: "${text}"`);
    }
    return out;
  });
  return problems.map((p) => `${where}: ${p}`);
}

/**
 * Waits until a page's code, styles and data have arrived: its stylesheets loaded, no loading
 * overlay, a visible heading in main, no "Memuat..." (checked every frame, so a scan starts as
 * soon as the page is ready).
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      const h1 = main?.querySelector('h1');
      // A page the server rendered is in the document before its stylesheets have arrived.
      const styled = [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
      ].every((link) => link.sheet);
      return (
        styled &&
        !document.querySelector('.loading-overlay') &&
        !!h1 &&
        h1.getClientRects().length > 0 &&
        !main!.textContent!.includes('Memuat...')
      );
    },
    undefined,
    { timeout: 15_000 },
  );
}

const NOT_FOUND_PATH = '/halaman-yang-tidak-ada';
const NOT_FOUND_TITLE = 'Halaman tidak ditemukan';

/**
 * Opens a page the way the app's own links do (history push, no reload), then waits for it. To
 * know the new page is there and not the last one, it first passes through the not-found page.
 * The first page of a tab is loaded in full.
 */
export async function openInApp(page: Page, url: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(url, { waitUntil: 'commit' });
    await settle(page);
    return;
  }
  const push = (to: string) =>
    page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  const heading = (title: string, shown: boolean) =>
    page.waitForFunction(
      ([t, s]) => (document.querySelector('main h1')?.textContent === t) === s,
      [title, shown] as const,
      { timeout: 15_000 },
    );
  await push(NOT_FOUND_PATH);
  await heading(NOT_FOUND_TITLE, true);
  if (url !== NOT_FOUND_PATH) {
    await push(url);
    await heading(NOT_FOUND_TITLE, false);
  }
  await settle(page);
}
