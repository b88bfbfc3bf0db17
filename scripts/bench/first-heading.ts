import { devices, type Browser } from '@playwright/test';
import { PAGE_ROUTES } from '../../shared/page-routes.ts';
import { median, type Row } from './measure.ts';

/** The budget: a page's heading is on screen within this long of a cold load. */
export const HEADING_BUDGET_MS = 1000;

/** Who opens a page: nobody, the voter on the election's roll, or the master admin. */
type Visitor = 'anonymous' | 'voter' | 'master';

/** Every page of the route table as a path to open, with who opens it. */
export function routeTablePages(ids: {
  electionId: string;
  articleSlug: string;
}): { pattern: string; path: string; visitor: Visitor }[] {
  return PAGE_ROUTES.map((pattern) => {
    const path = pattern
      .replace(':eventId', ids.electionId)
      .replace(':slug', encodeURIComponent(ids.articleSlug));
    // Keamanan Akun is anyone's own page: measured for the voter.
    const visitor: Visitor = /^\/(profil-pemilih|dashboard-pemilih|keamanan-akun|voting\/)/.test(
      pattern,
    )
      ? 'voter'
      : /^\/(admin|admin-master|panitia|wali-kunci)(\/|$)/.test(pattern)
        ? 'master'
        : 'anonymous';
    return { pattern, path, visitor };
  });
}

/**
 * How long after the navigation starts the page's first <h1> is painted, with nothing cached (a
 * new browser context per load): the moment it enters the document (a mutation observer installed
 * before the page's own code), or the page's first contentful paint when that comes later (a page
 * is painted only once its stylesheets are in; a heading in the HTML is painted with the first
 * paint). A heading added after the first paint shows in the next frame (up to 16 ms more).
 */
async function headingAfter(
  browser: Browser,
  url: string,
  cookie: string | null,
): Promise<{ ms: number; text: string }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  try {
    if (cookie)
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const i = pair.indexOf('=');
          return { name: pair.slice(0, i), value: pair.slice(i + 1), url: new URL(url).origin };
        }),
      );
    // In the page (as text: this script has no DOM types).
    await context.addInitScript({
      content: `(() => {
        const look = () => {
          if (window.__headingAt !== undefined || !document.querySelector('h1')) return;
          observer.disconnect();
          window.__headingAt = performance.now();
        };
        const observer = new MutationObserver(look);
        observer.observe(document, { childList: true, subtree: true });
      })();`,
    });
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'commit' });
    // Functions, not strings (the site's CSP forbids evaluating strings), each sent on its own.
    type Page = {
      __headingAt?: number;
      performance: { getEntriesByType(type: string): { name: string; startTime: number }[] };
    };
    await tab.waitForFunction(
      () => {
        const page = globalThis as unknown as Page;
        return (
          page.__headingAt !== undefined &&
          page.performance
            .getEntriesByType('paint')
            .some((e) => e.name === 'first-contentful-paint')
        );
      },
      undefined,
      { timeout: 30_000 },
    );
    const ms = await tab.evaluate(() => {
      const page = globalThis as unknown as Page;
      const fcp = page.performance
        .getEntriesByType('paint')
        .find((e) => e.name === 'first-contentful-paint')!.startTime;
      return Math.max(page.__headingAt!, fcp);
    });
    const text = ((await tab.locator('h1').first().textContent()) ?? '').trim();
    return { ms, text };
  } finally {
    await context.close();
  }
}

/**
 * The heading of every page in the route table, after a cold load at phone size (no throttling,
 * localhost): the median of `runs` loads per page; one row with the slowest page against the
 * budget and every page's median beside it.
 */
export async function firstHeadingRows(
  browser: Browser,
  base: string,
  pages: { pattern: string; path: string; visitor: Visitor }[],
  cookies: Record<Exclude<Visitor, 'anonymous'>, string>,
  runs: number,
  label: string,
): Promise<Row[]> {
  const results: { pattern: string; ms: number; text: string }[] = [];
  for (const page of pages) {
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < runs; i++) {
      const cookie = page.visitor === 'anonymous' ? null : cookies[page.visitor];
      const seen = await headingAfter(browser, base + page.path, cookie);
      times.push(seen.ms);
      text = seen.text;
    }
    results.push({ pattern: page.pattern, ms: median(times), text });
  }
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
  return [
    {
      figure: `Heading painted after a cold load, every page of the route table (${label}; phone size, localhost, no throttling)`,
      value: `${Math.round(slowest.ms)} ms`,
      budget: `≤ ${HEADING_BUDGET_MS} ms`,
      pass: slowest.ms <= HEADING_BUDGET_MS,
      note:
        `median of ${runs} loads per page; slowest ${slowest.pattern} ("${slowest.text}"); ` +
        results.map((r) => `${r.pattern} ${Math.round(r.ms)}`).join(', '),
    },
  ];
}
