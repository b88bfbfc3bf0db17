import { expect, test, type Page } from '@playwright/test';
import { newVoter, registerAndConfirm, signIn } from './support/fixtures.ts';

const IDLE_MESSAGE = 'Anda telah logout secara otomatis karena tidak ada aktivitas.';
const MINUTE = 60_000;

/**
 * Signed in on a new voter's dashboard, once the session's watch has started (its code loads
 * after the page: it notes the page's start as the last activity).
 */
async function signedInAndWatched(page: Page) {
  await registerAndConfirm(page, newVoter());
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('bem:last-activity')))
    .not.toBeNull();
}

test.describe('idle logout', () => {
  test('after 15 minutes without activity: signed out on the server, alerted, sent to /login', async ({
    page,
  }) => {
    await page.clock.install();
    await signedInAndWatched(page);

    const dialog = page.waitForEvent('dialog');
    await page.clock.runFor(15 * MINUTE);
    const d = await dialog;
    expect(d.message()).toBe(IDLE_MESSAGE);
    await d.accept();
    await expect(page).toHaveURL(/\/login$/);
    expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  });

  test('mouse moves, clicks and key presses keep the session alive', async ({ page }) => {
    await page.clock.install();
    await signedInAndWatched(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.clock.runFor(14 * MINUTE);
    await page.mouse.move(200, 300);
    await page.clock.runFor(14 * MINUTE);
    await page.mouse.down();
    await page.mouse.up();
    await page.clock.runFor(14 * MINUTE);
    await page.keyboard.press('Shift');
    await page.clock.runFor(14 * MINUTE);
    expect(dialogs).toEqual([]);
    expect((await (await page.request.get('/api/me')).json()).user).not.toBeNull();
    await page.clock.runFor(2 * MINUTE);
    await expect.poll(() => dialogs).toEqual([IDLE_MESSAGE]);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('activity in one tab keeps the other tabs alive', async ({ page, context }) => {
    await context.clock.install();
    await registerAndConfirm(page, newVoter());
    const other = await context.newPage();
    await other.goto('/profil-pemilih');
    await expect(other.getByLabel('NIM')).toBeVisible();
    const dialogs: string[] = [];
    for (const p of [page, other])
      p.on('dialog', (d) => void d.accept().then(() => dialogs.push(d.message())));

    await context.clock.runFor(10 * MINUTE);
    await other.mouse.move(100, 100);
    await context.clock.runFor(10 * MINUTE); // 20 minutes since the first tab saw activity
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);

    await context.clock.runFor(6 * MINUTE);
    await expect.poll(() => dialogs.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the top bar follows a change made from another session, without a reload', async ({
  page,
  browser,
}) => {
  const v = newVoter();
  await registerAndConfirm(page, v);
  const avatar = page.getByRole('button', { name: 'Menu akun' });
  await expect(avatar).toHaveText('A');
  await expect(page.getByRole('heading', { name: `Halo, ${v.namaLengkap}!` })).toBeVisible();

  const elsewhere = await browser.newContext();
  try {
    const second = await elsewhere.newPage();
    await signIn(second, '/login-pemilih', v.email, v.password);
    await expect(second).toHaveURL(/\/dashboard-pemilih$/);
    const res = await second.request.put('/api/voters/me', {
      data: { namaLengkap: 'Zahra Kamila', nim: v.nim, prodi: v.prodi, foto: '' },
    });
    expect(res.status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
  await expect(avatar).toHaveText('Z');
  await expect(page.getByRole('heading', { name: 'Halo, Zahra Kamila!' })).toBeVisible();
});

test('an open profile form takes a change saved from another session', async ({
  page,
  browser,
}) => {
  const v = newVoter();
  await registerAndConfirm(page, v);
  await page.goto('/profil-pemilih');
  await expect(page.getByLabel('Program Studi')).toHaveValue(v.prodi);

  const elsewhere = await browser.newContext();
  try {
    const second = await elsewhere.newPage();
    await signIn(second, '/login-pemilih', v.email, v.password);
    await expect(second).toHaveURL(/\/dashboard-pemilih$/);
    const res = await second.request.put('/api/voters/me', {
      data: { namaLengkap: v.namaLengkap, nim: v.nim, prodi: 'Teknokimia Nuklir', foto: '' },
    });
    expect(res.status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
  await expect(page.getByLabel('Program Studi')).toHaveValue('Teknokimia Nuklir');
});
