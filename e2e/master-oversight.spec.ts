import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_MASTER } from './support/accounts.ts';
import { newVoter, registerThroughApi, signIn, waitForMail } from './support/fixtures.ts';

test('the master oversees an election: committee, invitation codes, archive', async ({
  page,
}, info) => {
  const suffix = crypto.randomInt(100_000, 999_999);
  const title = `Pemilihan Awas ${suffix}`;
  const invitee = `panitia.${suffix}@mahasiswa.test`;
  const day = 86_400_000;
  const res = await page.request.post('/api/election-requests', {
    data: {
      namaPemilihan: title,
      penyelenggara: 'HIMA Teknokimia',
      deskripsi: 'Pemilihan ketua himpunan periode berikutnya.',
      waktuMulai: new Date(Date.now() + 7 * day).toISOString(),
      waktuSelesai: new Date(Date.now() + 8 * day).toISOString(),
      namaPemohon: 'Rina Pemohon',
      emailPemohon: 'rina.pemohon@mahasiswa.test',
    },
  });
  expect(res.status()).toBe(201);
  const member = newVoter();
  await registerThroughApi(page, member);

  await signIn(page, '/login', E2E_MASTER.email, E2E_MASTER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin-master/voting');
  const request = page.getByRole('listitem').filter({ hasText: title });
  await request.getByRole('button', { name: 'Setujui' }).click();
  await page.getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(request.getByText('Kode Undangan:')).toBeVisible();
  const firstCode = (await request.locator('code').textContent())!.trim();

  // Every election, searchable; this one expanded.
  await page.getByRole('tab', { name: 'Semua Pemilihan' }).click();
  await expect(page).toHaveURL(/bagian=pemilihan/);
  await page.getByLabel('Cari pemilihan').fill(title);
  await expect(page.getByText('1 pemilihan')).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await item.locator('summary').click();
  await expect(item.getByText(firstCode)).toBeVisible();
  await expect(item.getByText('Aktif')).toBeVisible();
  await expect(item.getByText('Belum ada panitia.')).toBeVisible();

  // Add an existing account by email; an unknown email is explained.
  await item.getByLabel('Tambah panitia (email akun)').fill('tidak.ada@mahasiswa.test');
  await item.getByRole('button', { name: 'Tambah', exact: true }).click();
  await expect(item.getByText('Belum ada akun dengan email ini.')).toBeVisible();
  await item.getByLabel('Tambah panitia (email akun)').fill(member.email);
  await item.getByRole('button', { name: 'Tambah', exact: true }).click();
  await expect(item.getByText(member.email)).toBeVisible();

  // A new code, mailed; the first one revoked.
  await item.getByLabel('Email penerima kode').fill(invitee);
  await item.getByRole('button', { name: 'Terbitkan Kode Baru' }).click();
  await expect(item.getByText(/^Kode baru:/)).toBeVisible();
  const mail = await waitForMail(invitee);
  expect(mail.subject).toBe('Undangan panitia pemilihan');
  expect(mail.text).toContain(title);
  await item.getByRole('button', { name: `Cabut kode ${firstCode}` }).click();
  await page.getByRole('button', { name: 'Ya, Cabut' }).click();
  await expect(item.getByRole('button', { name: `Cabut kode ${firstCode}` })).toHaveCount(0);
  await expect(item.getByText('Dicabut')).toBeVisible();

  await page.screenshot({ path: info.outputPath('oversight.png'), fullPage: true });

  // Take the member off again, then archive the draft.
  await item.getByRole('button', { name: 'Keluarkan' }).click();
  await page.getByRole('button', { name: 'Ya, Keluarkan' }).click();
  await expect(item.getByText(member.email)).toHaveCount(0);
  await item.getByRole('button', { name: 'Arsipkan' }).click();
  await page.getByRole('button', { name: 'Ya, Arsipkan' }).click();
  await expect(item.getByText('Diarsipkan')).toBeVisible();
  await page.getByLabel('Status').selectOption('draft');
  await expect(page.getByText('0 pemilihan')).toBeVisible();
  await expect(item).toHaveCount(0);
});
