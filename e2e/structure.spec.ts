import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './support/accounts.ts';
import { signIn } from './support/fixtures.ts';
import { withSiteLock } from './support/site-lock.ts';

const avatarPng = (colour: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function signInAdmin(page: Page) {
  await signIn(page, '/login', E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin builds a period with leaders, a division and its member; /struktur shows it and earlier periods', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const suffix = crypto.randomInt(100_000, 999_999);
  const earlier = { label: `E2E-${suffix}-1`, cabinet: `Kabinet Lampau ${suffix}` };
  const current = { label: `E2E-${suffix}-2`, cabinet: `Kabinet Uji ${suffix}` };
  const ketua = `Ketua Uji ${suffix}`;
  const wakil = `Wakil Uji ${suffix}`;
  const division = `Divisi Uji ${suffix}`;
  const member = `Anggota Uji ${suffix}`;
  const pastLeader = `Ketua Lampau ${suffix}`;

  await signInAdmin(page);

  // An earlier period with one leader, straight through the API.
  const made = await page.request.post('/api/structure/periods', {
    data: { label: earlier.label, cabinetName: earlier.cabinet },
  });
  expect(made.status()).toBe(201);
  const earlierId = ((await made.json()) as { id: string }).id;
  const leader = await page.request.post(`/api/structure/periods/${earlierId}/members`, {
    data: { name: pastLeader, position: 'Ketua' },
  });
  expect(leader.status()).toBe(201);

  // The new period, through the screen.
  await page.goto('/admin/struktur');
  const periods = page.getByRole('region', { name: 'Periode', exact: true });
  await periods.getByRole('button', { name: 'Tambah Periode' }).click();
  await periods.getByLabel('Periode', { exact: true }).fill(current.label);
  await periods.getByLabel('Nama kabinet').fill(current.cabinet);
  await periods.getByLabel('Tagline kabinet (opsional)').fill('Bersama untuk uji.');
  await periods.getByRole('button', { name: 'Tambah Periode' }).click();
  await expect(page.getByRole('heading', { name: `Periode ${current.label}` })).toBeVisible();
  await expect(page).toHaveURL(/periode=/);

  // A leader with a photo, and a second leader.
  const leaders = page.getByRole('region', { name: 'Pimpinan' });
  await leaders.getByRole('button', { name: 'Tambah Pimpinan' }).click();
  await leaders.getByLabel('Nama', { exact: true }).fill(ketua);
  await leaders.getByLabel('Jabatan').fill('Ketua');
  await leaders.getByLabel('Foto').setInputFiles({
    name: 'ketua.png',
    mimeType: 'image/png',
    buffer: await avatarPng('#1d5fbf'),
  });
  await expect(leaders.getByRole('img', { name: `Foto ${ketua}` })).toBeVisible();
  await leaders.getByRole('button', { name: 'Tambah Pengurus' }).click();
  await expect(leaders.getByRole('listitem').filter({ hasText: ketua })).toBeVisible();
  await leaders.getByRole('button', { name: 'Tambah Pimpinan' }).click();
  await leaders.getByLabel('Nama', { exact: true }).fill(wakil);
  await leaders.getByLabel('Jabatan').fill('Wakil Ketua');
  await leaders.getByRole('button', { name: 'Tambah Pengurus' }).click();
  await expect(leaders.getByRole('listitem')).toHaveCount(2);

  // Ordering by keyboard: the moved person keeps the focus.
  await leaders.getByRole('button', { name: `Naikkan ${wakil}` }).focus();
  await page.keyboard.press('Enter');
  await expect(leaders.getByRole('listitem').first()).toContainText(wakil);
  await expect(leaders.getByRole('button', { name: `Turunkan ${wakil}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(leaders.getByRole('listitem').first()).toContainText(ketua);

  // A division with a member.
  const divisions = page.getByRole('region', { name: 'Divisi', exact: true });
  await divisions.getByRole('button', { name: 'Tambah Divisi' }).click();
  await divisions.getByLabel('Nama divisi').fill(division);
  await divisions.getByRole('button', { name: 'Tambah Divisi' }).click();
  const divisionBlock = page.getByRole('region', { name: division });
  await divisionBlock.getByRole('button', { name: `Tambah Anggota ${division}` }).click();
  await divisionBlock.getByLabel('Nama', { exact: true }).fill(member);
  await divisionBlock.getByLabel('Jabatan').fill('Staf');
  await expect(divisionBlock.getByLabel('Kedudukan')).toHaveValue(/.+/);
  await divisionBlock.getByRole('button', { name: 'Tambah Pengurus' }).click();
  await expect(divisionBlock.getByRole('listitem').filter({ hasText: member })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await withSiteLock(async () => {
    const before = (await (await page.request.get('/api/structure/periods')).json()) as {
      items: { id: string; isCurrent: boolean }[];
    };
    const previous = before.items.find((p) => p.isCurrent)?.id;
    try {
      await page.getByRole('button', { name: 'Jadikan Periode Aktif' }).click();
      await expect(
        page.getByRole('heading', { name: `Periode ${current.label} Periode aktif` }),
      ).toBeVisible();

      // The public chart shows the current period by default.
      await page.goto('/struktur');
      await expect(page.getByRole('heading', { level: 2, name: current.cabinet })).toBeVisible();
      const chartLeaders = page.getByRole('region', { name: 'Pimpinan' });
      await expect(chartLeaders.getByRole('listitem').first()).toContainText(ketua);
      await expect(chartLeaders.getByRole('img', { name: ketua })).toBeVisible();
      await expect(chartLeaders.getByRole('listitem').nth(1)).toContainText('Wakil Ketua');
      const chartDivision = page.getByRole('region', { name: division });
      await expect(chartDivision.getByRole('heading', { level: 4 })).toHaveText(division);
      await expect(chartDivision.getByRole('listitem')).toContainText(member);
      await expectNoSidewaysScroll(page);
    } finally {
      if (previous && previous !== earlierId) {
        const res = await page.request.post(`/api/structure/periods/${previous}/current`, {
          data: {},
        });
        expect(res.status()).toBe(200);
      }
    }
  });

  // An earlier period, chosen in the select; the choice is in the address.
  await page.goto('/struktur');
  await page.getByLabel('Periode').selectOption({ label: `${earlier.label} · ${earlier.cabinet}` });
  await expect(page).toHaveURL(new RegExp(`periode=${earlierId}`));
  await expect(page.getByRole('heading', { level: 2, name: earlier.cabinet })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pimpinan' })).toContainText(pastLeader);
  await expect(page.getByText(ketua)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: earlier.cabinet })).toBeVisible();

  // Deleting the earlier period asks first, then takes its people with it.
  await page.goto(`/admin/struktur?periode=${earlierId}`);
  await expect(page.getByRole('heading', { name: `Periode ${earlier.label}` })).toBeVisible();
  await page.getByRole('button', { name: 'Hapus Periode' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus periode?' });
  await expect(dialog).toContainText('beserta 0 divisi dan 1 pengurusnya');
  await dialog.getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(earlier.label) })).toHaveCount(0);
  expect((await page.request.get(`/api/structure/periods/${earlierId}`)).status()).toBe(404);
});

test('an admin edits the footer tagline and the vision; the footer and /tentang show them', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const suffix = crypto.randomInt(100_000, 999_999);
  await signInAdmin(page);

  await withSiteLock(async () => {
    const footerBefore = await (await page.request.get('/api/site/footer')).json();
    const aboutBefore = await (await page.request.get('/api/site/about')).json();
    try {
      // The vision.
      await page.goto('/admin/kelola-tentang');
      const vision = `Visi uji ${suffix}: mahasiswa nuklir yang berdaya.`;
      await page.getByLabel('Visi').fill(vision);
      await page.getByLabel('Tautan peta (opsional)').fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Simpan Halaman Tentang' }).click();
      await expect(page.getByText('harus berupa alamat https:// yang valid')).toBeVisible();
      await page.getByLabel('Tautan peta (opsional)').fill('https://www.openstreetmap.org/');
      // A new mission item left empty is told at its own field; removed, the page saves.
      const missions = await page.getByLabel(/^Misi \d+$/).count();
      await page.getByRole('button', { name: 'Tambah Butir Misi' }).click();
      const added = page.getByLabel(`Misi ${missions + 1}`, { exact: true });
      await expect(added).toHaveValue('');
      await page.getByRole('button', { name: 'Simpan Halaman Tentang' }).click();
      await expect(page.getByText('Butir misi wajib diisi.')).toBeVisible();
      await expect(added).toHaveAttribute('aria-invalid', 'true');
      await expect(added).toBeFocused();
      await expect(page.getByText('Gagal menyimpan: periksa isian yang ditandai.')).toBeVisible();
      await page.getByRole('button', { name: `Hapus misi ${missions + 1}` }).click();
      await expect(page.getByLabel(/^Misi \d+$/)).toHaveCount(missions);
      await page.getByRole('button', { name: 'Simpan Halaman Tentang' }).click();
      await expect(page.getByText('Halaman Tentang berhasil disimpan.')).toBeVisible();

      // The footer's tagline: the one there was, with this run's mark.
      await page.getByRole('tab', { name: 'Footer Situs' }).click();
      await expect(page).toHaveURL(/bagian=footer/);
      const taglineField = page.getByLabel('Tagline footer');
      const tagline = `${(await taglineField.inputValue()).slice(0, 270)} (uji ${suffix})`;
      await taglineField.fill(tagline);
      // A social link that is no web address is told at its field; removed, the footer saves.
      const links = await page.getByLabel(/^Alamat tautan \d+$/).count();
      await page.getByRole('button', { name: 'Tambah Tautan' }).click();
      await page.getByLabel(`Nama tautan ${links + 1}`, { exact: true }).fill('Instagram');
      const linkUrl = page.getByLabel(`Alamat tautan ${links + 1}`, { exact: true });
      await linkUrl.fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Simpan Footer' }).click();
      await expect(linkUrl).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Gagal menyimpan: periksa isian yang ditandai.')).toBeVisible();
      await page.getByRole('button', { name: `Hapus tautan ${links + 1}` }).click();
      await page.getByRole('button', { name: 'Simpan Footer' }).click();
      await expect(page.getByText('Footer berhasil disimpan.')).toBeVisible();
      expect((await (await page.request.get('/api/site/footer')).json()).socials).toHaveLength(
        links,
      );
      // Shown at once on this page's footer, and on the home page.
      await expect(page.locator('footer')).toContainText(tagline);
      await page.goto('/');
      await expect(page.locator('footer')).toContainText(tagline);

      await page.goto('/tentang');
      await expect(page.getByRole('heading', { name: 'Visi' })).toBeVisible();
      await expect(page.getByText(vision)).toBeVisible();
      const map = page.getByRole('link', { name: /Buka Lokasi di Peta/ });
      await expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/');
      await expect(map).toHaveAttribute('target', '_blank');
      await expect(page.locator('iframe')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    } finally {
      expect((await page.request.put('/api/site/footer', { data: footerBefore })).status()).toBe(
        200,
      );
      expect((await page.request.put('/api/site/about', { data: aboutBefore })).status()).toBe(200);
    }
  });
});
