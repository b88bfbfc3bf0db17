import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_MASTER } from './support/accounts.ts';
import { sharedA11ySite, type A11ySite } from './support/a11y-site.ts';
import { openInApp } from './support/axe.ts';

/**
 * Text at 200%: a 1280×800 window zoomed to 200% lays out 640×400 CSS pixels (desktop run); a
 * phone run checks the narrowest screen WCAG asks to reflow to, 320 CSS pixels (1280 at 400%).
 * No key page scrolls sideways, its heading is not hidden under the fixed top bar, and every item
 * of the menus can be reached.
 */

const ZOOMED = {
  desktop: { width: 640, height: 400 },
  phone: { width: 320, height: 640 },
} as const;

async function zoomedPage(browser: Browser, project: string) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: ZOOMED[project === 'phone' ? 'phone' : 'desktop'],
    deviceScaleFactor: 2,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  return context.newPage();
}

async function signIn(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: account,
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(res.status()).toBe(200);
}

/** What is wrong with the page at this width: sideways scrolling, a covered heading. */
async function reflowProblems(page: Page, url: string): Promise<string[]> {
  await openInApp(page, url);
  return page.evaluate((where) => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
        // the fixed top bar only follows the page's width
        .filter((el) => getComputedStyle(el).position !== 'fixed')
        .filter(
          (el) =>
            !el.parentElement ||
            el.parentElement.getBoundingClientRect().right <= root.clientWidth + 1,
        )
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().width)}px)`,
        );
      out.push(
        `${where}: page is ${root.scrollWidth}px wide in ${root.clientWidth}px: ${wide.join(', ')}`,
      );
    }
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (h1) {
      h1.scrollIntoView({ block: 'start' });
      const box = h1.getBoundingClientRect();
      const hit = document.elementFromPoint(
        box.left + Math.min(20, box.width / 2),
        box.top + box.height / 2,
      );
      if (!hit || !h1.contains(hit)) out.push(`${where}: the heading is covered when scrolled to`);
    }
    return out;
  }, url);
}

/** Every item of the open menu `menu` can be scrolled to and is not covered. */
async function unreachableMenuItems(page: Page, menu: string): Promise<string[]> {
  const items = page.locator(`${menu} a, ${menu} button`);
  const out: string[] = [];
  for (const item of await items.all()) {
    if (!(await item.isVisible())) continue;
    await item.scrollIntoViewIfNeeded();
    const reachable = await item.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.bottom <= window.innerHeight + 1 && !!hit && el.contains(hit);
    });
    if (!reachable) out.push(`${menu}: "${(await item.textContent())?.trim()}" cannot be reached`);
  }
  return out;
}

async function menuProblems(page: Page): Promise<string[]> {
  const out: string[] = [];
  await openInApp(page, '/');
  const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(hamburger).toBeVisible(); // at 200% the links fold into the menu
  await hamburger.click();
  out.push(...(await unreachableMenuItems(page, '#site-nav')));
  await hamburger.click();
  const account = page.getByRole('button', { name: 'Menu akun' });
  if (await account.isVisible()) {
    await account.click();
    out.push(...(await unreachableMenuItems(page, '#account-menu')));
    await page.keyboard.press('Escape');
  }
  return out;
}

let site: A11ySite;
test.beforeAll(async () => {
  test.setTimeout(360_000);
  site = await sharedA11ySite();
});

test('at 200% zoom the public pages reflow, with the menu reachable', async ({ browser }, info) => {
  test.setTimeout(240_000);
  const page = await zoomedPage(browser, info.project.name);
  const e = site.elections;
  const problems: string[] = [];
  for (const url of [
    '/',
    '/struktur',
    '/layanan',
    '/berita',
    `/berita/${site.article.slug}`,
    '/dokumen',
    '/tentang',
    '/pemilihan',
    '/request-pemilihan',
    '/login-pemilih',
    '/register-pemilih',
    '/konfirmasi-email?token=rusak',
    `/hasil/${e.closed.electionId}`,
    `/hasil/${e.open.electionId}`,
  ])
    problems.push(...(await reflowProblems(page, url)));
  problems.push(...(await menuProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
  await page.context().close();
});

test('at 200% zoom the voter’s pages reflow, with the menus reachable', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const page = await zoomedPage(browser, info.project.name);
  await signIn(page, site.voter);
  const problems: string[] = [];
  for (const url of [
    '/dashboard-pemilih',
    '/profil-pemilih',
    `/voting/${site.elections.open.electionId}`,
    `/voting/${site.elections.closed.electionId}`,
  ])
    problems.push(...(await reflowProblems(page, url)));
  problems.push(...(await menuProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
  await page.context().close();
});

test('at 200% zoom the admin and committee screens reflow, with the menus reachable', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const page = await zoomedPage(browser, info.project.name);
  await signIn(page, E2E_MASTER);
  const e = site.elections;
  const problems: string[] = [];
  for (const url of [
    '/admin',
    '/admin/profil',
    '/admin/histori',
    '/admin/kelola-admin',
    '/admin/struktur',
    '/admin/dokumen',
    '/admin/layanan',
    '/admin/kelola-berita',
    '/admin/kelola-berita?tulis=baru',
    '/admin/kelola-tentang',
    '/admin/kelola-pemilih-terdaftar',
    '/admin-master/voting',
    '/admin-master/voting?bagian=pemilihan',
    `/panitia/${e.draft.electionId}/ringkasan`,
    `/panitia/${e.draft.electionId}/pengaturan`,
    `/panitia/${e.draft.electionId}/kandidat`,
    `/panitia/${e.draft.electionId}/pemilih`,
    `/panitia/${e.open.electionId}/ringkasan`,
  ])
    problems.push(...(await reflowProblems(page, url)));
  problems.push(...(await menuProblems(page)));
  expect(problems, problems.join('\n')).toEqual([]);
  await page.context().close();
});
