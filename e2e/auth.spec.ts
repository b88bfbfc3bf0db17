import { expect, test } from '@playwright/test';
import { E2E_MASTER } from './support/accounts.ts';
import {
  expectSignedOut,
  logout,
  newVoter,
  confirmationLink,
  registerAndConfirm,
  registerThroughApi,
  registerThroughForm,
  signIn,
  waitForMail,
} from './support/fixtures.ts';

test(
  'a voter registers, is signed in, signs out and signs in again',
  { tag: '@phone' },
  async ({ page }) => {
    const v = newVoter();
    await registerAndConfirm(page, v);
    await expect(page.getByRole('heading', { name: `Halo, ${v.namaLengkap}!` })).toBeVisible();

    await logout(page);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);
    await page.goto('/dashboard-pemilih');
    await expect(page).toHaveURL(/\/login-pemilih\?lanjut=%2Fdashboard-pemilih$/);

    await signIn(page, '/login-pemilih', v.email.toUpperCase(), v.password);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  },
);

test(
  'the avatar shows the first letter of the name, and the menu shows name and email',
  { tag: '@phone' },
  async ({ page }) => {
    const v = newVoter();
    await registerAndConfirm(page, v);
    const avatar = page.getByRole('button', { name: 'Menu akun' });
    await expect(avatar).toHaveText('A');
    await avatar.click();
    const menu = page.locator('#account-menu');
    await expect(menu).toContainText(v.namaLengkap);
    await expect(menu).toContainText(v.email);
    await expect(menu.getByRole('link', { name: 'Dashboard Saya' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Edit Profil' })).toBeVisible();
  },
);

test(
  'a wrong password is refused with a message next to the field',
  { tag: '@phone' },
  async ({ page }) => {
    const v = newVoter();
    await registerThroughApi(page, v);
    await signIn(page, '/login-pemilih', v.email, 'bukan-sandinya');
    const password = page.getByLabel('Kata Sandi');
    await expect(page.getByText('Email atau kata sandi salah.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login-pemilih$/);
  },
);

test('hardening 4: a known email gets the same answer as a new one, and its owner is told by mail', async ({
  page,
}) => {
  const first = newVoter();
  await registerThroughApi(page, first);

  await registerThroughForm(page, { ...newVoter(), email: first.email.toUpperCase() });
  await expect(page.getByText('Periksa email Anda.')).toBeVisible();
  await expect(page.getByText(`Email dikirim ke ${first.email}`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  const notice = await waitForMail(first.email, /sudah memiliki akun/);
  expect(notice.subject).toBe('Pendaftaran dengan email Anda di BEM Poltek Nuklir');

  // The student who mistyped can fill the form in again.
  await page.getByRole('button', { name: 'Isi formulir lagi' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
});

test('an unconfirmed account cannot sign in; the sign-in sends the link again', async ({
  page,
}) => {
  const v = newVoter();
  await registerThroughForm(page, v);
  await expect(page.getByText('Periksa email Anda.')).toBeVisible();
  // The account is made after the answer (so its timing tells nothing); its mail says it exists.
  // The student has the mail but signs in without opening the link.
  const link = await confirmationLink(v.email);
  await signIn(page, '/login-pemilih', v.email, v.password);
  await expect(page.getByText(/Email Anda belum dikonfirmasi/)).toBeVisible();
  await expect(page).toHaveURL(/\/login-pemilih$/);
  // A broken link says so and offers the way on.
  await page.goto('/konfirmasi-email?token=rusak');
  await expect(page.getByText(/Tautan konfirmasi tidak valid/)).toBeVisible();
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  await expect(page.getByRole('heading', { name: `Halo, ${v.namaLengkap}!` })).toBeVisible();
});

test(
  'the registration form explains each invalid field in Indonesian',
  { tag: '@phone' },
  async ({ page }) => {
    const v = { ...newVoter(), nim: '12AB', password: 'pendek' };
    await registerThroughForm(page, v, 'lain');
    await expect(page.getByText('NIM harus berupa 8 sampai 12 digit angka.')).toBeVisible();
    await expect(page.getByText('Kata sandi minimal 8 karakter.')).toBeVisible();
    await expect(
      page.getByText('Konfirmasi kata sandi tidak sama dengan kata sandi.'),
    ).toBeVisible();
  },
);

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

  const mail = await waitForMail(v.email, /lupa-sandi/);
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
