import { expect, test, type Page } from '@playwright/test';
import { PAGE_ROUTES } from '../shared/page-routes.ts';
import { E2E_MASTER } from './support/accounts.ts';
import { boothLink } from './support/booth.ts';
import {
  electionThroughApi,
  lockedElectionThroughApi,
  secondMember,
  signedInMaster,
} from './support/election-api.ts';
import { signIn } from './support/fixtures.ts';
import { layoutShift } from './support/layout-shift.ts';

/** The text of the first <h1> in server HTML, tags stripped, entities of our headings decoded. */
function firstHeading(html: string): string | null {
  const found = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  if (!found) return null;
  return found[1]!
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
}

/**
 * The page's HTML, as the server sends it to this browser (its cookies), already holds the page
 * with its heading and no loading overlay; the browser then takes it over without any error (a
 * hydration mismatch is reported as one) and shows the same heading.
 */
async function renderedThenTakenOver(page: Page, path: string) {
  const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
  const heading = firstHeading(html);
  expect(heading, `${path}: a heading in the server's HTML`).toBeTruthy();
  expect(html, path).toContain('id="ssr-state"');
  expect(html, path).not.toContain('loading-overlay');

  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    // A resource the page asks for and may legitimately not find (a record not yet made) is not
    // a rendering error.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) {
      errors.push(m.text());
    }
  };
  const onError = (e: Error) => errors.push(e.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading!);
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('pageerror', onError);
  expect(errors, `${path}: errors while the browser took the page over`).toEqual([]);
  // Taking over changes nothing the reader sees: the page does not move under their eyes (a
  // message filled in late, an image without its space, pushed the page down).
  expect(await layoutShift(page), `${path}: layout shift`).toBeLessThan(0.02);
}

/** The route table's own pages (no parameter): those anyone opens, and the admin area's. */
const PLAIN = PAGE_ROUTES.filter((path) => !path.includes(':'));
const ADMIN = PLAIN.filter((path) => /^\/admin(-master)?(\/|$)/.test(path));
const PUBLIC = PLAIN.filter(
  (path) =>
    !ADMIN.includes(path) &&
    !['/profil-pemilih', '/dashboard-pemilih', '/keamanan-akun'].includes(path),
);

test.describe('pages rendered by the server, then taken over by the browser', () => {
  test('every public page, signed out', async ({ page }) => {
    for (const path of PUBLIC) await renderedThenTakenOver(page, path);
    // An address outside the route table: 404, with the not-found page already in it.
    const missing = await page.request.get('/halaman-yang-tidak-ada');
    expect(missing.status()).toBe(404);
    expect(firstHeading(await missing.text())).toBe('Halaman tidak ditemukan');
  });

  test('every admin page, as the master admin', async ({ page }) => {
    await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
    await expect(page).toHaveURL(/\/admin$/);
    for (const path of ADMIN) await renderedThenTakenOver(page, path);
  });

  test('an election’s pages, for its voter, its committee and anyone', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { electionId, voters, committee } = await lockedElectionThroughApi({
      voters: 1,
      opensInMs: 10 * 60_000,
    });
    for (const path of [
      `/pemilihan/${electionId}/kandidat`,
      `/hasil/${electionId}`,
      `/hasil/${electionId}/kotak-suara`,
    ])
      await renderedThenTakenOver(page, path);

    const voter = voters[0]!;
    await signIn(page, '/login-pemilih', voter.email, voter.password);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    for (const path of ['/dashboard-pemilih', '/profil-pemilih', `/voting/${electionId}`])
      await renderedThenTakenOver(page, path);
    // From the mailed link: the credential (after the #, never sent to the server) is taken
    // over by the browser, and the booth waits for the polls to open.
    await page.goto((await boothLink(voter.email, electionId)).path);
    await expect(page.getByText(/dibuka pada/i)).toBeVisible();

    const context = await browser.newContext();
    const panitia = await context.newPage();
    await signIn(panitia, '/login', committee.email, committee.password);
    await expect(panitia).toHaveURL(new RegExp(`/panitia/${electionId}`));
    for (const tab of ['ringkasan', 'pengaturan', 'kandidat', 'pemilih', 'wali-kunci'])
      await renderedThenTakenOver(panitia, `/panitia/${electionId}/${tab}`);
    await renderedThenTakenOver(panitia, `/wali-kunci/${electionId}`);
    await context.close();

    // Before the lock, with two trustees and the ceremony not started: the threshold's choice and
    // what it means (a paragraph inside the field's hint was a hydration error).
    const draft = await electionThroughApi({ voters: 0, opensInMs: 60 * 60_000, lock: false });
    await secondMember(await signedInMaster(), draft.electionId, {
      email: `saksi-render-${draft.electionId.slice(0, 8)}@mahasiswa.test`,
      password: 'sandi-saksi-render-1',
      namaLengkap: 'Sari Saksi',
    });
    const draftContext = await browser.newContext();
    const draftPanitia = await draftContext.newPage();
    await signIn(draftPanitia, '/login', draft.committee.email, draft.committee.password);
    await expect(draftPanitia).toHaveURL(new RegExp(`/panitia/${draft.electionId}`));
    await renderedThenTakenOver(draftPanitia, `/panitia/${draft.electionId}/wali-kunci`);
    await expect(
      draftPanitia.getByText(/Bila satu orang saja kehilangan berkas kunci/),
    ).toBeVisible();
    await draftContext.close();
  });

  test(
    'the home page reads without its script, and works once it has run',
    { tag: '@phone' },
    async ({ browser, page }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const bare = await context.newPage();
      await bare.goto('/');
      await expect(
        bare.getByRole('heading', { level: 1, name: 'BEM Politeknik Teknologi Nuklir Indonesia' }),
      ).toBeVisible();
      await expect(
        bare.getByRole('main').getByRole('link', { name: 'Berita & Kegiatan' }),
      ).toBeVisible();
      await context.close();

      // With it: the same page, and its controls answer (the menu at phone width, a link).
      await page.goto('/');
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) {
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
        await menu.click();
      }
      await page.getByRole('main').getByRole('link', { name: 'Berita & Kegiatan' }).click();
      await expect(page).toHaveURL(/\/berita$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Berita' })).toBeVisible();
    },
  );

  test(
    'what a visitor does before the app has taken the page over is done once it has',
    { tag: '@phone' },
    async ({ page }) => {
      test.setTimeout(60_000);
      // The app's main script arrives late, as on a slow phone connection.
      await page.route('**/assets/index-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue();
      });
      const late = () =>
        page.evaluate(() => typeof (window as { bemTakenOver?: unknown }).bemTakenOver);

      // A search typed and sent at once: the list follows it, nothing is lost to a reload.
      await page.goto('/berita', { waitUntil: 'commit' });
      // (the early script is there while the app's script is still on its way)
      await expect.poll(late).toBe('function');
      await page.getByLabel('Cari berita').fill('tidak-ada-berita-seperti-ini');
      await page.getByRole('button', { name: 'Cari' }).click();
      await expect(page).toHaveURL(/[?&]q=tidak-ada-berita-seperti-ini/, { timeout: 15_000 });
      await expect(page.getByLabel('Cari berita')).toHaveValue('tidak-ada-berita-seperti-ini');

      // Signing in at once: the form is sent once the app is there, with what was typed.
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel('Email').fill(E2E_MASTER.email);
      await page.getByLabel('Kata Sandi').fill(E2E_MASTER.password);
      await page.getByRole('button', { name: 'Masuk', exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
    },
  );
});
