import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './support/accounts.ts';
import { newVoter, registerThroughApi, registerAndConfirm, signIn } from './support/fixtures.ts';

const GREEN = 'rgb(20, 108, 46)';
const RED = 'rgb(179, 38, 30)';

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

async function signedInVoterOnProfile(page: Page) {
  const v = newVoter();
  await registerAndConfirm(page, v);
  await page.getByRole('link', { name: 'Edit Profil' }).first().click();
  await expect(page).toHaveURL(/\/profil-pemilih$/);
  await expect(page.getByLabel('NIM')).toHaveValue(v.nim);
  return v;
}

test('sends someone who is not signed in to /login-pemilih', async ({ page }) => {
  await page.goto('/profil-pemilih');
  await expect(page).toHaveURL(/\/login-pemilih\?lanjut=%2Fprofil-pemilih$/);
});

test('shows "Memuat..." while the profile loads', async ({ page }) => {
  await registerAndConfirm(page, newVoter());
  // Opened from the dashboard (a page the server rendered, with its data, needs no loading state),
  // with the profile's data slow to come.
  await page.route('**/api/voters/me', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Edit Profil' }).first().click();
  await expect(page).toHaveURL(/\/profil-pemilih$/);
  // The dashboard (its own "Memuat..." included) stays until the profile's screen has loaded.
  await expect(page.getByLabel('Pemilihan Anda')).toHaveCount(0);
  await expect(page.getByText('Memuat...')).toBeVisible();
  await expect(page.getByLabel('Nama Lengkap')).toBeVisible();
});

test('a 1200×800 PNG becomes a 300×200 JPEG data URL that survives a reload', async ({ page }) => {
  await signedInVoterOnProfile(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Unggah|Ganti) Foto$/ }).click();
  await (
    await chooser
  ).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await png(1200, 800) });
  const preview = page.getByRole('img', { name: 'Foto profil' });
  await expect(preview).toBeVisible();
  expect(
    await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
  ).toEqual([300, 200]);

  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  const status = page.getByText('Profil berhasil diperbarui!');
  await expect(status).toBeVisible();
  expect(await status.evaluate((el) => getComputedStyle(el).color)).toBe(GREEN);

  await page.reload();
  await expect(preview).toBeVisible();
  const src = await preview.getAttribute('src');
  expect(src?.startsWith('data:image/jpeg;base64,')).toBe(true);
  const meta = await sharp(Buffer.from(src!.split(',')[1]!, 'base64')).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  // The avatar in the top bar shows the photo now.
  await expect(page.getByRole('button', { name: 'Menu akun' }).locator('img')).toBeVisible();

  await page.getByRole('button', { name: 'Hapus Foto' }).click();
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(status).toBeVisible();
  const saved = await (await page.request.get('/api/voters/me')).json();
  expect(saved.foto).toBe('');
});

test('shows "Menyimpan..." while saving, and "Gagal memperbarui profil." in red when the save fails', async ({
  page,
}) => {
  await signedInVoterOnProfile(page);
  await page.route('**/api/voters/me', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await new Promise((r) => setTimeout(r, 1000));
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'INTERNAL', message: 'Terjadi kesalahan pada server.' },
      }),
    });
  });
  await page.getByLabel('Nama Lengkap').fill('Nama Yang Gagal');
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(page.getByText('Menyimpan...')).toBeVisible();
  const failed = page.getByText('Gagal memperbarui profil.');
  await expect(failed).toBeVisible();
  expect(await failed.evaluate((el) => getComputedStyle(el).color)).toBe(RED);
});

test('saves name, NIM and Program Studi; refuses a NIM another voter has', async ({ page }) => {
  const other = newVoter();
  await registerThroughApi(page, other);
  await signedInVoterOnProfile(page);
  await page.getByLabel('Nama Lengkap').fill('Bayu Aji');
  await page.getByLabel('Program Studi').selectOption('Elektro Mekanika');
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(page.getByText('Profil berhasil diperbarui!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Bayu Aji');
  await expect(page.getByLabel('Program Studi')).toHaveValue('Elektro Mekanika');

  await page.getByLabel('NIM').fill(other.nim);
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(page.getByText('Gagal memperbarui profil.')).toBeVisible();
  await expect(page.getByText('NIM sudah terdaftar.')).toBeVisible();
  await expect(page.getByLabel('NIM')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Kembali ke Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
});

test(
  'puts the photo panel beside the form on a wide screen and above it below 768px',
  { tag: '@phone' },
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInVoterOnProfile(page);
    const panel = page.getByRole('region', { name: 'Foto profil' });
    const form = page.getByLabel('Nama Lengkap');
    let p = (await panel.boundingBox())!;
    let f = (await form.boundingBox())!;
    expect(p.x + p.width).toBeLessThanOrEqual(f.x);

    await page.setViewportSize({ width: 767, height: 900 });
    p = (await panel.boundingBox())!;
    f = (await form.boundingBox())!;
    expect(p.y + p.height).toBeLessThanOrEqual(f.y);
  },
);

test('the voter dashboard greets, shows the verification status and links to the profile', async ({
  page,
}) => {
  const v = newVoter();
  await registerAndConfirm(page, v);
  await expect(page.getByRole('heading', { name: `Halo, ${v.namaLengkap}!` })).toBeVisible();
  await expect(page.getByTestId('voter-status')).toHaveText('Menunggu verifikasi');
  await expect(page.getByText(v.nim)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pemilihan Anda' })).toBeVisible();
});

test('an admin edits their own profile and the top bar follows', async ({ page }) => {
  await signIn(page, '/login', E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/profil');
  await page.getByLabel('Nama Tampilan').fill('Zulfa');
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(page.getByText('Profil berhasil diperbarui!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu akun' })).toHaveText('Z');
});

test('a voter changes their password on the profile screen: the current one is asked first', async ({
  page,
}) => {
  const v = await signedInVoterOnProfile(page);
  const form = page.getByRole('region', { name: 'Ubah Kata Sandi' });
  await form.getByLabel('Kata Sandi Saat Ini').fill('bukan-sandinya');
  await form.getByLabel('Kata Sandi Baru').fill('sandi-baru-yang-panjang');
  await form.getByLabel('Konfirmasi Kata Sandi').fill('sandi-baru-yang-panjang');
  await form.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
  const current = form.getByLabel('Kata Sandi Saat Ini');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await expect(form.getByText('Kata sandi salah.')).toBeVisible();

  await current.fill(v.password);
  await form.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
  await expect(form.getByText('Kata sandi berhasil diubah.', { exact: false })).toBeVisible();
  await expect(current).toHaveValue('');
  // The new password signs in; the old one no longer does.
  const signInWith = (password: string) =>
    page.request.post('/api/auth/sign-in/email', {
      data: { email: v.email, password },
      headers: { origin: new URL(page.url()).origin },
    });
  expect((await signInWith(v.password)).status()).toBe(401);
  expect((await signInWith('sandi-baru-yang-panjang')).status()).toBe(200);
});
