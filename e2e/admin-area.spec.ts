import crypto from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MASTER } from './support/accounts.ts';
import { expectNoSideScroll, logout, signIn, waitForMail } from './support/fixtures.ts';

/** A signed-in API client with its own cookies that sends the site's Origin. */
async function apiAs(email: string, password: string) {
  const baseURL = process.env.E2E_BASE_URL!;
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(res.status()).toBe(200);
  return api;
}

/** Letters only (names allow no digits), unique per run. */
function uniqueName() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const part = Array.from({ length: 6 }, () => letters[crypto.randomInt(0, 26)]).join('');
  return `Dewi ${part[0]!.toUpperCase()}${part.slice(1)}`;
}

const isPhone = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true }).isVisible();

test(
  'the master adds an admin by email; the new admin sets a password and manages no admins',
  { tag: '@phone' },
  async ({ page }, info) => {
    const suffix = crypto.randomInt(100_000, 999_999);
    const email = `admin.baru.${suffix}@bem.test`;
    const name = uniqueName();
    const password = `sandi-baru-${suffix}`;
    // The phone project checks the narrowest width the screens are made for.
    if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });

    // A few public pages first, so the dashboard has page views to show. Other journeys count
    // views at the same time, so the check is "at least ours were added".
    const masterApi = await apiAs(E2E_MASTER.email, E2E_MASTER.password);
    const viewsToday = async () => {
      const usage = (await (await masterApi.get('/api/metrics/usage')).json()) as {
        days: { views: number }[];
      };
      return usage.days.at(-1)!.views;
    };
    const viewsBefore = await viewsToday();
    for (const path of ['/', '/berita', '/tentang', '/dokumen']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
    }
    // The beacons may land a moment after the page.
    await expect.poll(viewsToday).toBeGreaterThanOrEqual(viewsBefore + 4);

    await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard BEM', level: 1 })).toBeVisible();
    const counts = page.getByRole('list', { name: 'Ringkasan' });
    for (const label of ['Berita', 'Dokumen', 'Pemilih Terdaftar', 'Pemilihan'])
      await expect(counts.getByText(label, { exact: true })).toBeVisible();
    await expect(counts.getByText(/menunggu verifikasi/)).toBeVisible();
    await expect(page.getByRole('img', { name: /Grafik kunjungan per hari/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Halaman Terpopuler' })).toBeVisible();
    await expect(
      page.getByRole('table').filter({ hasText: 'Halaman' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kecepatan Situs (Web Vitals)' })).toBeVisible();
    await expect(
      page.getByRole('rowheader', { name: /^Konten utama tampil \(LCP\)/ }),
    ).toBeVisible();
    await page.locator('summary', { hasText: 'Tabel kunjungan per hari' }).click();
    await expect(page.getByRole('columnheader', { name: 'Tanggal' })).toBeVisible();
    await expectNoSideScroll(page);

    // Kelola Admin, from the dashboard's grid.
    await page.getByRole('link', { name: /^Kelola Admin/ }).click();
    await expect(page).toHaveURL(/\/admin\/kelola-admin$/);
    await page.getByLabel('Email', { exact: true }).fill('bukan email');
    await page.getByLabel('Nama Lengkap').fill(name);
    await page.getByRole('button', { name: 'Tambah Admin' }).click();
    await expect(page.getByText('Format email tidak valid.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Peran').selectOption('admin');
    await page.getByRole('button', { name: 'Tambah Admin' }).click();
    await expect(
      page.getByText(`Email undangan untuk membuat kata sandi sedang dikirim ke ${email}`),
    ).toBeVisible();
    await page.getByLabel('Cari nama atau email').fill(email);
    const row = page.getByRole('listitem', { name });
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await expect(row.getByText('Aktif', { exact: true })).toBeVisible();
    await expectNoSideScroll(page);
    await logout(page);

    // The plain admin is refused by the manage-admins API, and nothing changes.
    const plainApi = await apiAs(E2E_ADMIN.email, E2E_ADMIN.password);
    type Listed = { userId: string; email: string; role: string; active: boolean };
    // The rows these attempts aim at (other journeys may add admins of their own meanwhile).
    const aimedAt = async () => {
      const { items } = (await (await masterApi.get('/api/admins')).json()) as { items: Listed[] };
      return items.filter((a) => a.email === email || a.email === intruder);
    };
    const intruder = `penyusup.${suffix}@bem.test`;
    const before = await aimedAt();
    const newcomer = before.find((a) => a.email === email)!;
    expect(newcomer).toMatchObject({ role: 'admin', active: true });
    const attempts = [
      plainApi.get('/api/admins'),
      plainApi.post('/api/admins', {
        data: { email: intruder, namaLengkap: 'Penyusup', role: 'master' },
      }),
      plainApi.put(`/api/admins/${newcomer.userId}/role`, { data: { role: 'master' } }),
      plainApi.post(`/api/admins/${newcomer.userId}/deactivate`),
      plainApi.post(`/api/admins/${newcomer.userId}/reactivate`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status()).toBe(403);
      expect((await res.json()).error.message).toMatch(/tidak memiliki akses/);
    }
    expect(await aimedAt()).toEqual(before);
    await Promise.all([masterApi.dispose(), plainApi.dispose()]);

    // The new admin follows the mailed link, sets a password and signs in.
    const mail = await waitForMail(email);
    expect(mail.subject).toMatch(/Undangan menjadi admin/);
    const link = /https?:\/\/\S+\/lupa-sandi\?token=[A-Za-z0-9]+&undangan=1/.exec(mail.text)![0];
    await page.goto(link);
    // Greeted as invited, not as someone who forgot a password.
    await expect(page.getByRole('heading', { name: 'Buat Kata Sandi' })).toBeVisible();
    await expect(page.getByText(/Anda diundang menjadi admin BEM/)).toBeVisible();
    await page.getByLabel('Kata Sandi Baru').fill(password);
    await page.getByLabel('Konfirmasi Kata Sandi').fill(password);
    await page.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
    await expect(page.getByText(/Kata sandi tersimpan. Silakan masuk sebagai admin/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Masuk sebagai pemilih' })).toHaveCount(0);
    await signIn(page, '/login', email, password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Selamat datang, ${name}`)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Histori Aktivitas/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Kelola Admin/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Kelola Pemilihan/ })).toHaveCount(0);
    if (await isPhone(page)) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const menu = page.locator('#site-nav .mobile-account');
      await expect(menu.getByRole('link', { name: 'Dashboard BEM' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Kelola Admin' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
    } else {
      await page.getByRole('button', { name: 'Menu akun' }).click();
      const menu = page.locator('#account-menu');
      await expect(menu.getByRole('link', { name: 'Histori Aktivitas' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Kelola Admin' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    // Typing the address is no way in either.
    await page.goto('/admin/kelola-admin');
    await expect(page).toHaveURL(/\/$/);
    await logout(page);

    // Histori Aktivitas lists the master's action and shows that the chain verifies.
    await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
    await expect(page).toHaveURL(/\/admin$/);
    // The last 10 entries (other journeys may have added more since ours).
    await expect(
      page.getByRole('region', { name: 'Aktivitas Terbaru' }).getByRole('listitem').first(),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Lihat semua di Histori Aktivitas' }).click();
    await expect(page).toHaveURL(/\/admin\/histori$/);
    await expect(page.getByText('Rantai log utuh')).toBeVisible();
    await expect(page.getByText(/entri diperiksa ulang/)).toBeVisible();
    await page.getByLabel('Cari ringkasan atau nama pelaku').fill(name);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByText('1 aktivitas cocok')).toBeVisible();
    const entry = page.getByRole('row').filter({ hasText: `Menambahkan ${name} sebagai admin` });
    await expect(entry).toBeVisible();
    await expect(entry.getByText(E2E_MASTER.name)).toBeVisible();
    await expect(entry.getByText('Master', { exact: true })).toBeVisible();
    await expect(entry.getByText('admin.added')).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByLabel('Peran pelaku').selectOption('panitia');
    await expect(page.getByText('Tidak ada aktivitas yang cocok.')).toBeVisible();
    await page.getByRole('button', { name: 'Hapus Filter' }).click();
    await expect(page.getByLabel('Cari ringkasan atau nama pelaku')).toHaveValue('');

    // The CSV of the filtered entries downloads as an attachment.
    await page.getByLabel('Jenis item').selectOption('admin');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Unduh CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^histori-aktivitas-\d{8}\.csv$/);

    // Deactivating, after a confirmation, takes the admin rights away.
    await page.goto('/admin/kelola-admin');
    await page.getByLabel('Cari nama atau email').fill(email);
    await row.getByRole('button', { name: 'Nonaktifkan' }).click();
    const dialog = page.getByRole('dialog', { name: `Nonaktifkan ${name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ya, Nonaktifkan' }).click();
    await expect(page.getByText(`${name} dinonaktifkan.`)).toBeVisible();
    await expect(row.getByText('Nonaktif', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Aktifkan Kembali' })).toBeVisible();
    await logout(page);
    await signIn(page, '/login', email, password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  },
);

test(
  'the admin menu names the open screen and reaches every other one, at any width',
  { tag: '@phone' },
  async ({ page }) => {
    await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/kelola-berita');
    const menu = page.getByRole('navigation', { name: 'Menu admin' });
    const items = [
      'Kelola Berita',
      'Kelola Dokumen',
      'Kelola Layanan',
      'Kelola Struktur Organisasi',
      'Kelola Tentang',
      'Kelola Pemilih Terdaftar',
      'Histori Aktivitas',
      'Kelola Admin',
      'Kelola Pemilihan',
    ];
    const toggle = menu.getByRole('button', { name: /Menu admin/ });
    if (await isPhone(page)) {
      // A phone: one button naming the open screen; the list folds out whole, nothing cut.
      await expect(toggle).toHaveText(/Kelola Berita/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu.getByRole('link')).toHaveCount(0);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(toggle).toBeHidden();
    }
    for (const name of items) {
      const link = menu.getByRole('link', { name, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    await expect(menu.getByRole('link', { name: 'Kelola Berita', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSideScroll(page);
    await menu.getByRole('link', { name: 'Histori Aktivitas', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/histori$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Histori Aktivitas' })).toBeVisible();
    if (await isPhone(page)) {
      // Folded again on the new screen, which it names.
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toHaveText(/Histori Aktivitas/);
    }
  },
);
