import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seriousViolations } from './support/axe.ts';
import { generateRecoveryCode } from '../shared/crypto/recovery-code.ts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newVoter, signIn } from './support/fixtures.ts';
import { startOwnServer } from './support/own-server.ts';
import { client, ok } from './support/api.ts';
import { ceremonyThroughApi, decryptThroughApi } from './support/ceremony.ts';
import { verifyRecord } from '../shared/crypto/verify/verify-record.ts';

const MASTER = { email: 'ketua@journey.test', password: 'sandi-master-journey', name: 'Ketua BEM' };
const root = path.resolve(import.meta.dirname, '..');

/** A datetime-local value in WIB, `ms` from now, to the second. */
const wibIn = (ms: number) => new Date(Date.now() + ms + 7 * 3600_000).toISOString().slice(0, 19);

test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({
    ADMIN_EMAIL: MASTER.email,
    ADMIN_PASSWORD: MASTER.password,
    ADMIN_NAME: MASTER.name,
  });
});
test.afterAll(async () => {
  await server.stop();
  server.remove();
});

async function page(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

test('an election from request to a counted vote, with real accounts', async ({
  browser,
}, info) => {
  test.setTimeout(360_000);

  // 1. Anyone asks for an election.
  const requester = await page(browser);
  await requester.goto('/request-pemilihan');
  await requester.getByLabel('Nama Pemilihan').fill('Pemilihan Raya HIMA 2027');
  await requester.getByLabel('Penyelenggara').fill('HIMA Elektro Mekanika');
  await requester
    .getByLabel('Deskripsi')
    .fill('Pemilihan ketua dan wakil ketua HIMA periode 2027.');
  await requester.getByLabel('Waktu Mulai').fill(wibIn(7 * 86_400_000).slice(0, 16));
  await requester.getByLabel('Waktu Selesai').fill(wibIn(8 * 86_400_000).slice(0, 16));
  await requester.getByLabel('Nama Pemohon').fill('Rina Putri');
  await requester.getByLabel('Email Pemohon').fill('rina@himaem.test');
  await requester.getByRole('button', { name: 'Ajukan Permohonan' }).click();
  await expect(requester.getByText('Permohonan terkirim.')).toBeVisible();

  // 2. The master admin approves it and gets the invitation code.
  const master = await page(browser);
  await signIn(master, '/login', MASTER.email, MASTER.password);
  await expect(master).toHaveURL(/\/admin$/);
  await master.goto('/admin-master/voting');
  const request = master.getByRole('listitem').filter({ hasText: 'Pemilihan Raya HIMA 2027' });
  await request.getByRole('button', { name: 'Setujui' }).click();
  await master.getByRole('button', { name: 'Ya, Setujui' }).click();
  await expect(request.getByText('Kode Undangan:')).toBeVisible();
  const code = (await request.locator('code').textContent())!.trim();
  expect(code).toMatch(/^PNT-/);

  // 3. The committee registers with the code and lands in its area.
  const panitia = await page(browser);
  await panitia.goto('/register-panitia');
  await panitia.getByLabel('Kode Undangan').fill(code);
  await panitia.getByLabel('Nama Lengkap').fill('Bayu Aji');
  // The code works only for the address it was sent to: the requester's.
  await panitia.getByLabel('Email').fill('rina@himaem.test');
  await panitia.getByLabel('Kata Sandi', { exact: true }).fill('sandi-panitia-1');
  await panitia.getByLabel('Konfirmasi Kata Sandi').fill('sandi-panitia-1');
  await panitia.getByRole('button', { name: 'Daftar' }).click();
  await expect(panitia).toHaveURL(/\/panitia\/[0-9a-f-]+\/ringkasan$/);
  const electionId = panitia.url().split('/')[4]!;
  await expect(panitia.getByRole('tab', { name: 'Ringkasan' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // 4. Candidates.
  await panitia.getByRole('tab', { name: 'Kandidat' }).click();
  for (const [nama, wakil] of [
    ['Andi Saputra', 'Budi Hartono'],
    ['Citra Lestari', 'Dewi Anggraini'],
  ]) {
    await panitia.getByRole('button', { name: 'Tambah Kandidat' }).click();
    await panitia.getByLabel('Nama Ketua').fill(nama!);
    await panitia.getByLabel('Nama Wakil').fill(wakil!);
    await panitia.getByLabel('Visi').fill(`Visi ${nama}`);
    await panitia.getByLabel('Misi').fill('Transparan dan melayani.');
    await panitia.getByRole('button', { name: 'Simpan' }).click();
    await expect(panitia.getByText(`${nama} & ${wakil}`)).toBeVisible();
  }

  // 5. Voters register; an admin verifies them.
  const voters = [newVoter(), newVoter(), newVoter()];
  const voterPages: Page[] = [];
  for (const v of voters) {
    const p = await page(browser);
    const res = await p.request.post('/api/voters/register', {
      data: { ...v, confirmPassword: v.password },
    });
    expect(res.status()).toBe(202);
    // The mailed link confirms the address and signs the student in.
    await p.goto(await server.confirmationLink(v.email));
    await expect(p).toHaveURL(/\/dashboard-pemilih$/);
    voterPages.push(p);
  }
  await master.goto('/admin/kelola-pemilih-terdaftar');
  for (const v of voters) {
    await master.getByLabel('Cari nama, NIM atau email').fill(v.nim);
    // The search has answered (only this student is listed) before the click: a click while
    // the list is redrawn lands where the row no longer is.
    await expect(master.getByRole('main').locator('.voter-row')).toHaveCount(1);
    const row = master.getByRole('listitem', { name: new RegExp(v.nim) });
    await row.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(row).toHaveCount(0); // the list shows those still waiting
  }

  // 6. The key: the committee invites the witness of pair 1, who joins with the code; the
  // committee member and the witness hold the key together (their browsers' work, done here
  // through the API: the trustees' screens have their own journey, trustees.spec.ts).
  await panitia.getByRole('tab', { name: 'Ringkasan' }).click();
  await panitia.getByLabel('Email saksi nomor urut 1').fill('saksi@himaem.test');
  await panitia.getByRole('button', { name: 'Undang saksi nomor urut 1' }).click();
  const invited = panitia.getByText(/Undangan saksi nomor urut 1 dengan kode SKS-/);
  await expect(invited).toBeVisible();
  const witnessCode = /SKS-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec((await invited.textContent())!)![0];
  const witnessApi = await client(server.url);
  await ok(
    witnessApi.post('/api/committee/register', {
      data: {
        kodeUndangan: witnessCode,
        namaLengkap: 'Sinta Saksi',
        email: 'saksi@himaem.test',
        password: 'sandi-saksi-1',
        confirmPassword: 'sandi-saksi-1',
      },
    }),
    201,
  );
  await witnessApi.dispose();
  const trustees = await ceremonyThroughApi(
    electionId,
    [
      { email: 'rina@himaem.test', password: 'sandi-panitia-1' },
      { email: 'saksi@himaem.test', password: 'sandi-saksi-1' },
    ],
    { baseURL: server.url },
  );

  // 7. Settings: the imported roll, polls opening in a moment.
  await panitia.getByRole('tab', { name: 'Pengaturan' }).click();
  await panitia.getByLabel('Pemilih', { exact: true }).selectOption('roll');
  await panitia.getByLabel('Waktu Mulai').fill(wibIn(45_000));
  await panitia.getByLabel('Waktu Selesai').fill(wibIn(100_000));
  await panitia.getByLabel('Pengumuman hasil').selectOption('manual');
  await panitia.getByRole('button', { name: 'Simpan Pengaturan' }).click();
  await expect(panitia.getByText('Pengaturan tersimpan.')).toBeVisible();

  // 8. The roll from a CSV, after its preview.
  await panitia.getByRole('tab', { name: 'Pemilih' }).click();
  const chooser = panitia.waitForEvent('filechooser');
  await panitia.getByRole('button', { name: 'Impor CSV' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'dpt.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`NIM\n${voters.map((v) => v.nim).join('\n')}\n`),
  });
  await expect(panitia.getByText('3 cocok dengan pemilih terverifikasi.')).toBeVisible();
  await panitia.getByRole('button', { name: 'Ya, Terapkan' }).click();
  await expect(panitia.getByText('3 NIM ditetapkan sebagai daftar pemilih.')).toBeVisible();

  // 9. Lock.
  await panitia.getByRole('tab', { name: 'Pengaturan' }).click();
  await panitia.getByRole('button', { name: 'Kunci Pemilihan' }).click();
  // The recovery code is made in this browser and must be saved before the lock.
  const lockDialog = panitia.getByRole('dialog');
  await expect(lockDialog.getByText('Kode Pemulihan Kredensial')).toBeVisible();
  const recoveryCode = (await lockDialog.getByTestId('kode-pemulihan').textContent())!;
  expect(recoveryCode).toMatch(/^[1-9A-HJ-NP-Za-km-z]{4}(-[1-9A-HJ-NP-Za-km-z]{4}){5}$/);
  await expect(panitia.getByRole('button', { name: 'Ya, Kunci' })).toBeDisabled();
  expect(await seriousViolations(panitia, 'kunci pemilihan')).toEqual([]);
  await panitia.screenshot({ path: test.info().outputPath('lock-recovery-code.png') });
  await lockDialog.getByLabel('Saya sudah menyimpan Kode Pemulihan ini.').check();
  await panitia.getByRole('button', { name: 'Ya, Kunci' }).click();
  await expect(panitia.getByText('Pemilihan sudah dikunci')).toBeVisible();
  await panitia.getByRole('tab', { name: 'Kandidat' }).click();
  await expect(panitia.getByRole('button', { name: 'Tambah Kandidat' })).toHaveCount(0);

  // 10. Voters vote once each, in secret; a second vote is refused.
  const choices = [
    'Nomor 1: Andi Saputra dan Budi Hartono',
    'Nomor 2: Citra Lestari dan Dewi Anggraini',
    'Nomor 1: Andi Saputra dan Budi Hartono',
  ];
  const receipts: string[] = [];
  const links: string[] = [];
  for (const v of voters) links.push(await server.boothLink(v.email, electionId));
  // A voter lost the mail: the committee sends it again with the recovery code (a wrong code is
  // refused at the field); the same link arrives once more.
  const lost = voters[2]!;
  const linkMail = new RegExp(`/voting/${electionId}#kredensial=`);
  await panitia.getByRole('tab', { name: 'Pemilih' }).click();
  await panitia
    .getByRole('row', { name: new RegExp(lost.nim) })
    .getByRole('button', { name: /Kirim ulang kredensial/ })
    .click();
  const resendDialog = panitia.getByRole('dialog');
  await resendDialog.getByLabel('Alasan').fill('Email pemilih terhapus tanpa sengaja.');
  // A well-formed code that is not this election's: the server says it is wrong.
  const otherCode = generateRecoveryCode();
  await resendDialog.getByLabel('Kode Pemulihan Kredensial').fill(otherCode);
  await panitia.getByRole('button', { name: 'Ya, Kirim Ulang' }).click();
  await expect(resendDialog.getByText(/Kode pemulihan salah/)).toBeVisible();
  await panitia.screenshot({ path: test.info().outputPath('resend-wrong-code.png') });
  await resendDialog.getByLabel('Kode Pemulihan Kredensial').fill(recoveryCode);
  await panitia.getByRole('button', { name: 'Ya, Kirim Ulang' }).click();
  await expect(panitia.getByText(/dikirim ulang ke emailnya dalam satu menit/)).toBeVisible();
  await panitia.screenshot({
    path: test.info().outputPath('roll-credentials.png'),
    fullPage: true,
  });
  await expect.poll(() => server.mailCount(lost.email, linkMail), { timeout: 75_000 }).toBe(2);
  expect(await server.boothLink(lost.email, electionId)).toBe(links[2]);
  for (const [i, p] of voterPages.entries()) {
    await signIn(p, '/login-pemilih', voters[i]!.email, voters[i]!.password);
    await expect(p).toHaveURL(/\/dashboard-pemilih$/);
    await p.goto(links[i]!);
    await expect(p.getByRole('radio', { name: choices[i] })).toBeVisible({ timeout: 60_000 });
  }
  // Another voter's link is refused by the booth, with what to do; their own opens it again.
  await voterPages[1]!.goto(links[0]!);
  await expect(
    voterPages[1]!.getByText(/Kredensial ini bukan milik Anda untuk pemilihan ini/).first(),
  ).toBeVisible({ timeout: 15_000 });
  await expect(voterPages[1]!.getByRole('radio')).toHaveCount(0);
  await voterPages[1]!.goto(links[1]!);
  for (const [i, p] of voterPages.entries()) {
    await p.reload();
    await p.getByRole('radio', { name: choices[i] }).check();
    await p.getByRole('button', { name: 'Kirim Suara' }).click();
    await expect(p.getByRole('dialog')).toContainText(choices[i]!);
    await p.getByRole('button', { name: 'Ya, Kirim' }).click();
    await expect(p.getByText('Kode Bukti')).toBeVisible();
    receipts.push((await p.getByTestId('kode-bukti').textContent())!.trim());
  }
  const again = await voterPages[0]!.request.post(`/api/voting/${electionId}/cast`, {
    data: { choice: 'x' },
  });
  expect(again.status()).toBe(409);
  await voterPages[0]!.goto(`/voting/${electionId}`);
  await expect(voterPages[0]!.getByText(/Anda sudah memberikan suara pada/)).toBeVisible();

  // Turnout is live for the committee; counts stay sealed.
  await panitia.getByRole('tab', { name: 'Ringkasan' }).click();
  await expect(panitia.getByText('3 dari 3 pemilih (100%)')).toBeVisible({ timeout: 20_000 });

  // While the polls are open the results are sealed for everyone.
  const watcher = await page(browser);
  await watcher.goto(`/hasil/${electionId}`);
  await expect(watcher.getByRole('heading', { name: 'Hasil Pemilihan' })).toBeVisible();
  await expect(watcher.getByText(/Hasil belum tersedia/)).toBeVisible();
  expect(await watcher.locator('main').textContent()).not.toMatch(/suara \(/);

  // 11. The polls close; the committee announces the results (released by hand); they appear,
  // with downloads and the receipt check.
  await panitia.getByRole('tab', { name: 'Ringkasan' }).click();
  await expect(panitia.getByRole('button', { name: 'Umumkan Hasil' })).toBeVisible({
    timeout: 90_000,
  });
  // The two trustees decrypt the tally (closed for good a moment after the end).
  await expect(async () => decryptThroughApi(electionId, trustees, { baseURL: server.url })).toPass(
    { timeout: 30_000, intervals: [2_000] },
  );
  await watcher.reload();
  await expect(watcher.getByText(/panitia belum mengumumkan hasil/)).toBeVisible();
  await panitia.getByRole('button', { name: 'Umumkan Hasil' }).click();
  await panitia.getByRole('button', { name: 'Ya, Umumkan' }).click();
  await expect(panitia.getByText('Hasil pemilihan sudah diumumkan.')).toBeVisible();
  await expect(async () => {
    await watcher.reload();
    await expect(watcher.getByRole('heading', { name: 'Perolehan Suara' })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 90_000, intervals: [3000] });
  await expect(watcher.getByText('Pemenang:')).toContainText('Andi Saputra');
  const row = watcher.getByRole('row').filter({ hasText: 'Andi Saputra' });
  await expect(row.getByRole('cell')).toHaveText([/Andi Saputra/, '2', '66,7%']);
  const chart = watcher.getByRole('img', { name: /^Grafik perolehan suara/ });
  await expect(chart).toBeVisible();
  expect(await chart.getAttribute('aria-label')).toContain('2 suara (66,7%)');
  const csv = await watcher.request.get(`/api/results/${electionId}/csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('Andi Saputra');
  const pdf = await watcher.request.get(`/api/results/${electionId}/pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The Kode Bukti of a verifiable election is its ballot's tracker, found in the public record.
  expect(receipts[1]).toMatch(/^[A-Za-z0-9+/]{43}$/);
  await watcher.getByLabel('Kode Bukti', { exact: true }).fill(` ${receipts[1]!} `);
  await watcher.getByRole('button', { name: 'Periksa' }).click();
  await expect(
    watcher.getByText('Suara dengan kode ini tercatat dan ikut dihitung.'),
  ).toBeVisible();

  // The public record: its head on the page, the file downloaded, and both verifiers accept it.
  const record = watcher.locator('section', {
    has: watcher.getByRole('heading', { name: 'Rekaman Pemilihan' }),
  });
  await expect(record.getByText(/Hash kepala rekaman/)).toContainText(/[0-9a-f]{64}/);
  const [download] = await Promise.all([
    watcher.waitForEvent('download'),
    record.getByRole('link', { name: 'Unduh Rekaman Pemilihan' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}\.bel$/);
  const recordDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-journey-record-'));
  await download.saveAs(path.join(recordDir, download.suggestedFilename()));
  const ours = verifyRecord(fs.readFileSync(path.join(recordDir, download.suggestedFilename())));
  expect(ours.checks.filter((c) => !c.ok)).toEqual([]);
  expect(ours.ok).toBe(true);
  const theirs = spawnSync('belenios-tool', ['election', 'verify', '--dir', recordDir], {
    encoding: 'utf8',
  });
  expect(theirs.status, theirs.stdout + theirs.stderr).toBe(0);
  fs.rmSync(recordDir, { recursive: true, force: true });

  // 12. Verify the stored election from the database itself (its record, every proof).
  info.annotations.push({ type: 'receipts', description: receipts.join(' ') });
  await server.stop();
  const verify = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/verify-election.ts'), electionId],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
  expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  // A verifiable election is checked from its public record, against the announced credentials.
  expect(verify.stdout).toContain('rekaman pemilihan SAH');
});
