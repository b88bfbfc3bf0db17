import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_MASTER } from './support/accounts.ts';
import { client, electionThroughApi, ok } from './support/election-api.ts';
import { newVoter, registerByApi, signIn } from './support/fixtures.ts';

const day = 86_400_000;

test('committee settings: wrong values are refused at their fields and change nothing; a valid save sticks', async ({
  page,
}) => {
  const { electionId, title, committee } = await electionThroughApi({
    voters: 0,
    opensInMs: 2 * day,
    lock: false,
  });
  await signIn(page, '/login', committee.email, committee.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`/panitia/${electionId}`);
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const judul = page.getByLabel('Judul');
  await expect(judul).toHaveValue(title);

  // Too short a title and years that are not years: both told at their fields, nothing sent.
  await judul.fill('Abc');
  await page.getByLabel('Pemilih', { exact: true }).selectOption('angkatan');
  const angkatan = page.getByLabel('Angkatan');
  await angkatan.fill('2023, 20x4');
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/api/elections/${electionId}/settings`)) puts++;
  });
  await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
  await expect(page.getByText('Judul minimal 5 karakter.')).toBeVisible();
  await expect(judul).toHaveAttribute('aria-invalid', 'true');
  await expect(judul).toBeFocused();
  await expect(
    page.getByText('Tulis angkatan sebagai tahun empat angka, mis. 2023, 2024.'),
  ).toBeVisible();
  await expect(angkatan).toHaveAttribute('aria-invalid', 'true');

  // A roll by study programme needs at least one of them (checked once the fields are right).
  await judul.fill(`${title} Ulang`);
  await page.getByLabel('Pemilih', { exact: true }).selectOption('prodi');
  await expect(page.getByRole('group', { name: 'Program Studi' })).toBeVisible();
  await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
  await expect(page.getByText('Pilih minimal satu Program Studi.')).toBeVisible();
  expect(puts).toBe(0);

  await page.reload();
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  await expect(page.getByLabel('Judul')).toHaveValue(title);

  // A valid save, kept after a reload.
  const renamed = `${title} Ulang`;
  await page.getByLabel('Judul').fill(renamed);
  await page.getByLabel('Pemilih', { exact: true }).selectOption('angkatan');
  await page.getByLabel('Angkatan').fill('2023 2024');
  await page.getByLabel('Izinkan abstain').check();
  await page.getByLabel('Pengumuman hasil').selectOption('manual');
  await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
  await expect(page.getByText('Pengaturan tersimpan.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  await expect(page.getByLabel('Judul')).toHaveValue(renamed);
  await expect(page.getByLabel('Pemilih', { exact: true })).toHaveValue('angkatan');
  await expect(page.getByLabel('Angkatan')).toHaveValue('2023, 2024');
  await expect(page.getByLabel('Izinkan abstain')).toBeChecked();
  await expect(page.getByLabel('Pengumuman hasil')).toHaveValue('manual');
});

test('someone signed in joins a committee with the code sent to them', async ({ page }) => {
  const { electionId } = await electionThroughApi({ voters: 0, opensInMs: 2 * day, lock: false });
  const person = newVoter();
  expect((await registerByApi(page.request, person)).status()).toBe(202);
  const master = await client();
  await ok(
    master.post('/api/auth/sign-in/email', {
      data: { email: E2E_MASTER.email, password: E2E_MASTER.password },
    }),
  );
  const { code } = await ok<{ code: string }>(
    master.post(`/api/oversight/elections/${electionId}/invitations`, {
      data: { email: person.email },
    }),
    201,
  );
  await master.dispose();

  await page.goto('/register-panitia');
  const field = page.getByLabel('Kode Undangan');
  const join = page.getByRole('button', { name: 'Gabung sebagai Panitia' });
  // Not a code at all: told at once, at the field.
  await field.fill('bukan kode');
  await join.click();
  await expect(page.getByText('Format kode undangan: PNT-XXXX-XXXX.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // A code of the right shape that does not exist: the server's answer, at the field.
  await field.fill('PNT-0000-0000');
  await join.click();
  await expect(
    page.getByText('Kode undangan tidak valid, sudah kedaluwarsa atau sudah dicabut.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register-panitia$/);
  // The real one, typed in lower case with spaces around it.
  await field.fill(`  ${code.toLowerCase()} `);
  await join.click();
  // The committee area opens on its first tab (the area's index sends on to Ringkasan at once).
  await expect(page).toHaveURL(new RegExp(`/panitia/${electionId}/ringkasan$`));
});

test('a candidate: wrong fields are told at their place, a right one joins the ballot', async ({
  page,
}) => {
  const { electionId, committee } = await electionThroughApi({
    voters: 0,
    opensInMs: 2 * day,
    lock: false,
  });
  await signIn(page, '/login', committee.email, committee.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`/panitia/${electionId}`);
  await page.getByRole('tab', { name: 'Kandidat' }).click();
  await page.getByRole('button', { name: 'Tambah Kandidat' }).click();
  const nomor = page.getByLabel('Nomor Urut');
  await expect(nomor).toHaveValue('3');
  await nomor.fill('');
  await page.getByLabel('Nama Ketua').fill('R2-D2');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByText('Nomor urut wajib diisi.')).toBeVisible();
  await expect(nomor).toBeFocused();
  await expect(
    page.getByText(
      'Nama ketua hanya boleh berisi huruf, spasi, titik, koma, tanda hubung dan apostrof.',
    ),
  ).toBeVisible();
  // A number another candidate holds: the server's answer, at the field.
  await nomor.fill('1');
  await page.getByLabel('Nama Ketua').fill('Eko Prasetyo');
  await page.getByLabel('Visi').fill('Himpunan yang hadir untuk semua anggota.');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(nomor).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Kandidat (2)' })).toBeVisible();
  await nomor.fill('3');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Kandidat (3)' })).toBeVisible();
  await expect(page.getByText('Eko Prasetyo', { exact: true })).toBeVisible();
});

test('the roll tab names who is on the roll and says once, in the status, who has not registered', async ({
  page,
}) => {
  const stranger = `1${crypto.randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
  const { electionId, committee, voters } = await electionThroughApi({
    voters: 1,
    opensInMs: 2 * day,
    rollNims: [stranger],
    lock: false,
  });
  await signIn(page, '/login', committee.email, committee.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`/panitia/${electionId}`);
  await page.getByRole('tab', { name: 'Pemilih' }).click();
  const table = page.getByRole('table');
  const unknown = table.getByRole('row').filter({ hasText: stranger });
  await expect(unknown.getByRole('cell')).toHaveText([stranger, '—', '—', 'Belum mendaftar']);
  const known = table.getByRole('row').filter({ hasText: voters[0]!.nim });
  await expect(known.getByRole('cell')).toHaveText([
    voters[0]!.nim,
    voters[0]!.namaLengkap,
    voters[0]!.prodi,
    'Belum memilih',
  ]);
});
