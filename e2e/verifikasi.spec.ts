import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simulateElection } from '../shared/crypto/simulate.ts';

/**
 * /verifikasi checks a record in the browser's Web Worker: a valid record is declared valid with
 * every check and the result; a tampered one names the check that fails; the wrong inputs get
 * their messages. At both widths, with no sideways scroll.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verifikasi-'));
const sim = simulateElection({
  voters: 4,
  questions: [
    {
      answers: ['Paslon 1', 'Paslon 2', 'Kotak Kosong'],
      blank: true,
      min: 1,
      max: 1,
      question: 'Ketua BEM',
    },
  ],
  trustees: 3,
  threshold: 2,
  vote: (i) => [
    [
      [0, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [1, 0, 0, 0],
    ][i]!,
  ],
});
const validFile = path.join(dir, `${sim.uuid}.bel`);
fs.writeFileSync(validFile, sim.record.toArchive());
const tamperedFile = path.join(dir, 'diubah.bel');
const bytes = Uint8Array.from(sim.record.toArchive());
const text = new TextDecoder().decode(bytes);
const at = text.lastIndexOf('{"result":[[') + 12;
bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
fs.writeFileSync(tamperedFile, bytes);

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a valid record: every check passes and the result is shown', async ({ page }) => {
  await page.goto('/verifikasi');
  await expect(page.getByRole('heading', { name: 'Verifikasi Rekaman Pemilihan' })).toBeVisible();
  await page.getByLabel('Berkas rekaman').setInputFiles(validFile);
  await page.getByRole('button', { name: 'Periksa Rekaman' }).click();
  await expect(page.getByText(/Rekaman pemilihan SAH: semua 9 pemeriksaan lulus/)).toBeVisible({
    timeout: 60_000,
  });
  const checks = page.locator('.verifier-checks li');
  await expect(checks).toHaveCount(9);
  await expect(checks.nth(5)).toContainText('4 surat suara sah');
  const table = page.getByRole('table', { name: 'Ketua BEM' });
  await expect(table.getByRole('row', { name: 'Paslon 1 2' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Abstain (suara kosong) 1' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a tampered record: the verdict names the check that fails', async ({ page }) => {
  await page.goto('/verifikasi');
  await page.getByLabel('Berkas rekaman').setInputFiles(tamperedFile);
  await page.getByRole('button', { name: 'Periksa Rekaman' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Rekaman pemilihan TIDAK SAH: gagal pada “Arsip dan rantai hash”',
    {
      timeout: 60_000,
    },
  );
  await expect(page.locator('.verifier-checks li.check-failed')).toHaveCount(1);
});

test('wrong inputs are refused with a message, and the announcement is compared', async ({
  page,
}) => {
  await page.goto('/verifikasi');
  await page.getByRole('button', { name: 'Periksa Rekaman' }).click();
  await expect(page.getByText('Pilih berkas rekaman atau isi alamatnya.')).toBeVisible();
  await page.getByLabel('Berkas rekaman').setInputFiles(validFile);
  await page.getByText('Pembanding (opsional)').click();
  await page.getByLabel('Jumlah kredensial yang diumumkan').fill('5');
  await page.getByRole('button', { name: 'Periksa Rekaman' }).click();
  await expect(
    page.getByText('Isi jumlah dan sidik kredensial bersama, atau kosongkan keduanya.'),
  ).toBeVisible();
  await page.getByLabel('Sidik kredensial yang diumumkan').fill('abc');
  await page.getByRole('button', { name: 'Periksa Rekaman' }).click();
  await expect(page.getByRole('alert')).toContainText('gagal pada “Kredensial publik”', {
    timeout: 60_000,
  });
});
