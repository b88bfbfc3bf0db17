import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DUAL, E2E_MASTER } from './support/accounts.ts';
import { logout, newVoter, registerAndConfirm, signIn } from './support/fixtures.ts';

const SITE_LINKS = ['Beranda', 'Struktur', 'Layanan', 'Berita', 'Dokumen', 'Tentang'];

async function openMenuIfCollapsed(page: Page) {
  const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
  if (await hamburger.isVisible()) {
    await hamburger.click();
    return true;
  }
  return false;
}

test.describe('top bar', { tag: '@phone' }, () => {
  test('is fixed, 70px high, with the site links, E-Voting and Login', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('header.topbar');
    expect((await bar.boundingBox())?.height).toBe(70);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await openMenuIfCollapsed(page);
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    for (const name of SITE_LINKS)
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    const evoting = nav.getByRole('link', { name: 'E-Voting' });
    await expect(evoting).toHaveClass(/btn-accent/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await page
      .getByRole('link', { name: /Beranda/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('collapses below 900px to a hamburger menu that closes on an outside click and on scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 899, height: 800 });
    await page.goto('/register-pemilih');
    const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.locator('#site-nav');
    await expect(hamburger).toBeVisible();
    await expect(nav).toBeHidden();
    await hamburger.click();
    await expect(nav).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(450, 700); // outside the bar and the menu
    await expect(nav).toBeHidden();

    await hamburger.click();
    await expect(nav).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, 200));
    await expect(nav).toBeHidden();

    await page.setViewportSize({ width: 900, height: 800 });
    await expect(hamburger).toBeHidden();
    await expect(nav).toBeVisible();
  });

  test('opens and closes the hamburger menu with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
    await hamburger.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#site-nav')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#site-nav')).toBeHidden();
    await expect(hamburger).toBeFocused();
  });

  test('shows the master admin Dashboard BEM, Edit Profil, Histori Aktivitas and Kelola Admin', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
    await expect(page).toHaveURL(/\/admin$/);
    const avatar = page.getByRole('button', { name: 'Menu akun' });
    await expect(avatar).toHaveText('M');
    await avatar.click();
    const menu = page.locator('#account-menu');
    await expect(menu).toContainText(E2E_MASTER.name);
    await expect(menu).toContainText(E2E_MASTER.email);
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard BEM',
      'Edit Profil',
      'Histori Aktivitas',
      'Kelola Admin',
      'Keamanan Akun',
    ]);
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('shows a plain admin no Kelola Admin; the mobile menu only Dashboard BEM and Edit Profil', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, '/login', E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Menu akun' }).click();
    await expect(page.locator('#account-menu').getByRole('link')).toHaveText([
      'Dashboard BEM',
      'Edit Profil',
      'Histori Aktivitas',
      'Keamanan Akun',
    ]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const account = page.locator('#site-nav .mobile-account');
    await expect(account.getByRole('link')).toHaveText([
      'Dashboard BEM',
      'Edit Profil',
      'Keamanan Akun',
    ]);
    await expect(account.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('shows both sets to someone who is admin and voter', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, '/login', E2E_DUAL.email, E2E_DUAL.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Menu akun' }).click();
    await expect(page.locator('#account-menu').getByRole('link')).toHaveText([
      'Dashboard BEM',
      'Edit Profil',
      'Histori Aktivitas',
      'Dashboard Saya',
      'Edit Profil',
      'Keamanan Akun',
    ]);
  });

  test('opens the account menu with Enter, moves focus into it, and Escape gives focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerAndConfirm(page, newVoter());
    const avatar = page.getByRole('button', { name: 'Menu akun' });
    await avatar.focus();
    await page.keyboard.press('Enter');
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.locator('#account-menu').getByRole('link', { name: 'Dashboard Saya' }),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#account-menu')).toHaveCount(0);
    await expect(avatar).toBeFocused();
  });

  test('Logout signs out and goes to /', async ({ page }) => {
    await registerAndConfirm(page, newVoter());
    await page.goto('/profil-pemilih');
    await logout(page);
    await expect(page).toHaveURL(/\/$/);
    const me = await (await page.request.get('/api/me')).json();
    expect(me.user).toBeNull();
  });
});

test.describe('footer', { tag: '@phone' }, () => {
  test('has the tagline, quick links, the Yogyakarta address, contacts, supporter logos and this year', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer).toContainText('Badan Eksekutif Mahasiswa');
    for (const name of ['Struktur Organisasi', 'Berita & Kegiatan', 'E-Voting', 'Bank Dokumen']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.locator('address')).toContainText('Yogyakarta');
    await expect(footer.getByRole('link', { name: 'bem@poltek.ac.id' })).toHaveAttribute(
      'href',
      'mailto:bem@poltek.ac.id',
    );
    await expect(
      footer.getByRole('img', { name: 'Politeknik Teknologi Nuklir Indonesia' }),
    ).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} BEM Poltek Nuklir`);
    await footer.getByRole('link', { name: 'Bank Dokumen' }).click();
    await expect(page).toHaveURL(/\/dokumen$/);
  });
});

test.describe('routes', () => {
  test('show the pulsing logo overlay while a page loads', async ({ page }) => {
    await page.route('**/assets/login-pemilih-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Masuk sebagai pemilih' }).click();
    await expect(page.locator('.loading-overlay')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Masuk Pemilih' })).toBeVisible();
    await expect(page.locator('.loading-overlay')).toHaveCount(0);
  });

  test('show "Muat ulang" instead of a blank page when a page fails to load', async ({ page }) => {
    await page.goto('/');
    await page.route('**/assets/register-pemilih-*.js', (route) => route.abort());
    await page.goto('/login-pemilih');
    await page.getByRole('link', { name: 'Belum punya akun? Daftar' }).click();
    await expect(page.getByRole('heading', { name: 'Halaman gagal dimuat' })).toBeVisible();
    await page.unroute('**/assets/register-pemilih-*.js');
    await page.getByRole('button', { name: 'Muat ulang' }).click();
    await expect(page.getByRole('heading', { name: 'Daftar Pemilih' })).toBeVisible();
  });

  test('scroll to the top on every path change', async ({ page }) => {
    await page.goto('/register-pemilih');
    await expect(page.getByRole('heading', { name: 'Daftar Pemilih' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator('footer').getByRole('link', { name: 'Struktur Organisasi' }).click();
    await expect(page).toHaveURL(/\/struktur$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('keep admin screens from people who are not admins', async ({ page }) => {
    await page.goto('/admin/kelola-admin');
    // To the sign-in, which brings them back afterwards.
    await expect(page).toHaveURL(/\/login\?lanjut=%2Fadmin%2Fkelola-admin$/);
    await registerAndConfirm(page, newVoter());
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });
});
