import { expect, test } from '@playwright/test';
import { E2E_MASTER } from './support/accounts.ts';
import {
  expectSignedOut,
  logout,
  newVoter,
  registerThroughApi,
  registerThroughForm,
  signIn,
  waitForMail,
} from './support/fixtures.ts';

test('a voter registers, is signed in, signs out and signs in again', async ({ page }) => {
  const v = newVoter();
  await registerThroughForm(page, v);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  await expect(page.getByRole('heading', { name: `Halo, ${v.namaLengkap}!` })).toBeVisible();

  await logout(page);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
  await page.goto('/dashboard-pemilih');
  await expect(page).toHaveURL(/\/login-pemilih$/);

  await signIn(page, '/login-pemilih', v.email.toUpperCase(), v.password);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
});

test('the avatar shows the first letter of the name, and the menu shows name and email', async ({
  page,
}) => {
  const v = newVoter();
  await registerThroughForm(page, v);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  const avatar = page.getByRole('button', { name: 'Menu akun' });
  await expect(avatar).toHaveText('A');
  await avatar.click();
  const menu = page.locator('#account-menu');
  await expect(menu).toContainText(v.namaLengkap);
  await expect(menu).toContainText(v.email);
  await expect(menu.getByRole('link', { name: 'Dashboard Saya' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Edit Profil' })).toBeVisible();
});

test('a wrong password is refused with a message next to the field', async ({ page }) => {
  const v = newVoter();
  await registerThroughApi(page, v);
  await signIn(page, '/login-pemilih', v.email, 'bukan-sandinya');
  const password = page.getByLabel('Kata Sandi');
  await expect(page.getByText('Email atau kata sandi salah.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login-pemilih$/);
});

test('an email or NIM already registered is refused next to its field', async ({ page }) => {
  const first = newVoter();
  await registerThroughApi(page, first);

  await registerThroughForm(page, { ...newVoter(), email: first.email.toUpperCase() });
  await expect(page.getByText('Email sudah terdaftar.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register-pemilih$/);

  await registerThroughForm(page, { ...newVoter(), nim: first.nim });
  await expect(page.getByText('NIM sudah terdaftar.')).toBeVisible();
  await expect(page.getByLabel('NIM')).toHaveAttribute('aria-invalid', 'true');
});

test('the registration form explains each invalid field in Indonesian', async ({ page }) => {
  const v = { ...newVoter(), nim: '12AB', password: 'pendek' };
  await registerThroughForm(page, v, 'lain');
  await expect(page.getByText('NIM harus berupa 8 sampai 12 digit angka.')).toBeVisible();
  await expect(page.getByText('Kata sandi minimal 8 karakter.')).toBeVisible();
  await expect(page.getByText('Konfirmasi kata sandi tidak sama dengan kata sandi.')).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const v = newVoter();
  await registerThroughApi(page, v);
  await page.goto('/login-pemilih');
  await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
  await expect(page).toHaveURL(/\/lupa-sandi$/);
  await page.getByLabel('Email').fill(v.email);
  await page.getByRole('button', { name: 'Kirim Tautan' }).click();
  await expect(
    page.getByText(/tautan untuk mengatur ulang kata sandi telah dikirim/),
  ).toBeVisible();

  const mail = await waitForMail(v.email);
  const link = mail.text.match(/https?:\/\/\S+/)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Atur Ulang Kata Sandi' })).toBeVisible();
  await page.getByLabel('Kata Sandi Baru').fill('sandi-baru-xyz');
  await page.getByLabel('Konfirmasi Kata Sandi').fill('sandi-baru-xyz');
  await page.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
  await expect(page.getByText('Kata sandi berhasil diubah.', { exact: false })).toBeVisible();

  await signIn(page, '/login-pemilih', v.email, 'sandi-baru-xyz');
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
});

test('the master admin created from the environment signs in and lands on /admin', async ({
  page,
}) => {
  await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard BEM' })).toBeVisible();
});

test('an unknown path shows "Halaman tidak ditemukan" with a link home', async ({ page }) => {
  await page.goto('/tidak-ada-halaman-ini');
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke Beranda' }).click();
  await expect(page).toHaveURL(/\/$/);
});
