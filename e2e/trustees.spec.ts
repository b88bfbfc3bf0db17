import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  test,
  type Browser,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { ballotBody } from './support/booth.ts';
import { client, electionThroughApi, ok } from './support/election-api.ts';
import { signIn, waitForMail } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { decryptMessage, readPolynomial, seedKeys } from '../shared/crypto/ceremony.ts';
import { openKeyFile } from '../shared/crypto/key-file.ts';
import { verifyRecord } from '../shared/crypto/verify/verify-record.ts';

/**
 * Issue 17's journey: the committee and two witnesses hold the key. Each in a browser of their
 * own (one at phone width): the ceremony's three steps in their Web Workers, key files and the
 * paper backup, the key check with its failures, lock, voting, close, and the decryption by two
 * of the three — one with the key file, one with the paper backup — with the third absent. The
 * result is published and the record passes belenios-tool and our verifier. Every request the
 * trustees' browsers sent is kept and none holds a secret.
 */
const PASS = ['kata sandi panitia satu', 'kata sandi saksi pertama', 'kata sandi saksi kedua'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-trustees-'));
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Trustee = { page: Page; pass: string; name: string; keyFile?: string; seed?: string };

async function browserFor(browser: Browser, phone: boolean, sent: string[]) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.on('request', (r: Request) => {
    const body = r.postData();
    if (body) sent.push(body);
  });
  return page;
}

const passphrase = (p: Page) => p.getByLabel('Kata sandi berkas kunci', { exact: true });

/** Presses Tab until `target` has the focus, as someone on the keyboard reaches it. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with the Tab key');
}

test('the committee and two witnesses hold the key: 2 of 3 open the result, the third absent', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const sent: string[] = [];
  const e = await electionThroughApi({ voters: 3, opensInMs: 3_600_000, lock: false });

  // The committee member, in their browser, invites one witness per candidate pair; each
  // witness gets the code by mail and registers with it in a browser of their own (the second
  // at phone width). A witness reads the overview, and the key's tab, and nothing else.
  const trustees: Trustee[] = [];
  const panitia = await browserFor(browser, false, sent);
  await signIn(panitia, '/login', e.committee.email, e.committee.password);
  await expect(panitia).not.toHaveURL(/\/login/);
  trustees.push({ page: panitia, pass: PASS[0]!, name: 'Bayu Panitia' });
  await panitia.goto(`/panitia/${e.electionId}/ringkasan`);
  for (const [i, name] of ['Sari Saksi', 'Tono Saksi'].entries()) {
    const email = `saksi${i + 1}.${Date.now()}@mahasiswa.test`;
    await panitia.getByLabel(`Email saksi nomor urut ${i + 1}`).fill(email);
    await panitia.getByRole('button', { name: `Undang saksi nomor urut ${i + 1}` }).click();
    await expect(panitia.getByText(`Undangan saksi nomor urut ${i + 1} dengan kode`)).toBeVisible();
    const mail = await waitForMail(email, /SKS-/);
    const code = /SKS-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(mail.text)![0];
    const page = await browserFor(browser, i === 1, sent);
    await page.goto('/register-panitia');
    await page.getByLabel('Kode Undangan').fill(code);
    await page.getByLabel('Nama Lengkap').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Kata Sandi', { exact: true }).fill('sandi-saksi-kunci-1');
    await page.getByLabel('Konfirmasi Kata Sandi').fill('sandi-saksi-kunci-1');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect(page).toHaveURL(/\/panitia\/[0-9a-f-]+\/ringkasan$/);
    await expect(page.getByRole('tab')).toHaveText(['Ringkasan', 'Wali Kunci']);
    trustees.push({ page, pass: PASS[i + 1]!, name });
  }

  // The committee chooses the threshold (a majority by default) and starts the ceremony.
  await panitia.goto(`/panitia/${e.electionId}/wali-kunci`);
  await expect(panitia.getByText('Sari Saksi (Saksi)')).toBeVisible();
  const threshold = panitia.getByLabel('Ambang (jumlah wali kunci yang dibutuhkan)');
  await expect(threshold).toHaveValue('2');
  await expect(panitia.getByText(/Bila 2 orang atau lebih kehilangan berkas kunci/)).toBeVisible();
  expect(await seriousViolations(panitia, 'wali kunci (panitia)')).toEqual([]);
  await panitia.getByRole('button', { name: 'Mulai Upacara Kunci' }).click();
  await panitia.getByRole('button', { name: 'Ya, Mulai' }).click();
  await expect(panitia.getByText(/Langkah 1: setiap wali kunci/)).toBeVisible();

  // Step 1, each in their own browser; the work's progress is announced while it runs. The
  // witness on the phone uses the keyboard alone.
  for (const [i, t] of trustees.entries()) {
    await t.page.goto(`/wali-kunci/${e.electionId}`);
    if (i === 2) {
      await tabTo(t.page, passphrase(t.page));
      await t.page.keyboard.type(t.pass);
      await t.page.keyboard.press('Tab');
      await expect(t.page.getByLabel('Ulangi kata sandi berkas kunci')).toBeFocused();
      await t.page.keyboard.type(t.pass);
      await t.page.keyboard.press('Enter');
    } else {
      if (i === 0) {
        // A short passphrase, and two that differ, are refused before any work.
        await passphrase(t.page).fill('pendek');
        await t.page.getByLabel('Ulangi kata sandi berkas kunci').fill('pendek');
        await t.page.getByRole('button', { name: 'Buat Kunci Saya' }).click();
        await expect(
          t.page.getByText('Kata sandi berkas kunci minimal 12 karakter.'),
        ).toBeVisible();
        await passphrase(t.page).fill(t.pass);
        await t.page.getByLabel('Ulangi kata sandi berkas kunci').fill(`${t.pass}!`);
        await t.page.getByRole('button', { name: 'Buat Kunci Saya' }).click();
        await expect(t.page.getByText('Kedua kata sandi tidak sama.')).toBeVisible();
      }
      await passphrase(t.page).fill(t.pass);
      await t.page.getByLabel('Ulangi kata sandi berkas kunci').fill(t.pass);
      await t.page.getByRole('button', { name: 'Buat Kunci Saya' }).click();
    }
    await expect(t.page.getByRole('status').filter({ hasText: /kunci/ }).first()).toBeVisible();
    await expect(
      t.page.getByRole('listitem').filter({ hasText: 'Langkah 1' }).getByText('Selesai'),
    ).toBeVisible({ timeout: 60_000 });
  }
  // Step 2.
  for (const t of trustees) {
    await expect(t.page.getByRole('button', { name: 'Bagikan Bagian Kunci' })).toBeVisible({
      timeout: 30_000,
    });
    await passphrase(t.page).fill(t.pass);
    await t.page.getByRole('button', { name: 'Bagikan Bagian Kunci' }).click();
    await expect(
      t.page.getByRole('listitem').filter({ hasText: 'Langkah 2' }).getByText('Selesai'),
    ).toBeVisible({ timeout: 60_000 });
  }
  // Step 3: the key file is downloaded and the paper backup read.
  for (const [i, t] of trustees.entries()) {
    await expect(t.page.getByRole('button', { name: 'Periksa dan Simpan Kunci' })).toBeVisible({
      timeout: 30_000,
    });
    if (i === 0) {
      await passphrase(t.page).fill('kata sandi yang keliru');
      await t.page.getByRole('button', { name: 'Periksa dan Simpan Kunci' }).click();
      await expect(t.page.getByRole('alert')).toHaveText(
        'Kata sandi salah, atau berkas kunci telah berubah.',
        { timeout: 30_000 },
      );
    }
    await passphrase(t.page).fill(t.pass);
    await t.page.getByRole('button', { name: 'Periksa dan Simpan Kunci' }).click();
    const link = t.page.getByRole('link', { name: 'Unduh Berkas Kunci' });
    await expect(link).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([t.page.waitForEvent('download'), link.click()]);
    t.keyFile = path.join(work, `kunci-${i}.json`);
    await download.saveAs(t.keyFile);
    t.seed = (await t.page.locator('.paper-backup .seed').textContent())!.replace(/\s/g, '');
    expect(t.seed).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}$/);
    await t.page.getByLabel('Saya sudah menyimpan berkas kunci dan cadangan kertasnya').check();
    await t.page.getByRole('button', { name: 'Lanjut ke Pemeriksaan Berkas' }).click();
  }

  // Locking waits for every key check.
  const committeeApi = await client();
  await ok(
    committeeApi.post('/api/auth/sign-in/email', {
      data: { email: e.committee.email, password: e.committee.password },
    }),
  );
  const early = await committeeApi.post(`/api/elections/${e.electionId}/lock`);
  expect(early.status()).toBe(409);
  expect(await early.text()).toContain('Pemeriksaan berkas kunci belum selesai');

  // The key check: another trustee's file, a corrupted file and a wrong passphrase are refused
  // with their reasons; then each trustee's own file opens.
  const corrupted = path.join(work, 'rusak.json');
  fs.writeFileSync(corrupted, fs.readFileSync(trustees[0]!.keyFile!, 'utf8').slice(0, 200));
  const [first] = trustees;
  const check = async (t: Trustee, file: string, pass: string) => {
    await t.page.getByLabel('Berkas kunci', { exact: true }).setInputFiles(file);
    await passphrase(t.page).fill(pass);
    await t.page.getByRole('button', { name: 'Periksa Berkas Kunci' }).click();
  };
  await expect(first!.page.getByRole('button', { name: 'Periksa Berkas Kunci' })).toBeVisible({
    timeout: 30_000,
  });
  await check(first!, trustees[1]!.keyFile!, trustees[1]!.pass);
  await expect(first!.page.getByRole('alert')).toHaveText(
    'Berkas kunci ini milik wali kunci lain atau dari upacara kunci sebelumnya.',
    { timeout: 30_000 },
  );
  await check(first!, corrupted, first!.pass);
  await expect(first!.page.getByRole('alert')).toHaveText(
    'Berkas ini bukan berkas kunci wali kunci yang sah.',
  );
  await check(first!, first!.keyFile!, 'bukan kata sandinya');
  await expect(first!.page.getByRole('alert')).toHaveText(
    'Kata sandi salah, atau berkas kunci telah berubah.',
    { timeout: 30_000 },
  );
  for (const t of trustees) {
    await expect(t.page.getByRole('button', { name: 'Periksa Berkas Kunci' })).toBeVisible({
      timeout: 30_000,
    });
    await check(t, t.keyFile!, t.pass);
    await expect(t.page.getByText('Berkas kunci Anda cocok.')).toBeVisible({ timeout: 30_000 });
  }
  expect(await seriousViolations(trustees[2]!.page, 'wali kunci (ponsel)')).toEqual([]);
  const overflow = await trustees[2]!.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);

  // Lock with polls that open at once and close soon; three voters vote.
  const wib = (ms: number) => new Date(Date.now() + ms).toISOString();
  await ok(
    committeeApi.put(`/api/elections/${e.electionId}/settings`, {
      data: {
        title: e.title,
        description: 'Pemilihan ketua dan wakil ketua himpunan.',
        startsAt: wib(8_000),
        endsAt: wib(30_000),
        kotakKosong: true,
        abstain: false,
        rollMode: 'roll',
        rollProdi: [],
        rollYears: [],
        resultsRelease: 'on-close',
      },
    }),
  );
  await ok(committeeApi.post(`/api/elections/${e.electionId}/lock`));
  const overview = await ok<{ candidates: { id: string; nomorUrut: number }[] }>(
    committeeApi.get(`/api/elections/${e.electionId}/overview`),
  );
  const first1 = overview.candidates.find((c) => c.nomorUrut === 1)!.id;
  const second = overview.candidates.find((c) => c.nomorUrut === 2)!.id;
  await new Promise((r) => setTimeout(r, 9_000));
  for (const [i, v] of e.voters.entries()) {
    const voter = await client();
    await ok(
      voter.post('/api/auth/sign-in/email', { data: { email: v.email, password: v.password } }),
    );
    const choice = i === 2 ? second : first1;
    await ok(
      voter.post(`/api/voting/${e.electionId}/cast`, {
        data: await ballotBody(voter, e.electionId, choice, v.email),
      }),
      201,
    );
    await voter.dispose();
  }

  // Before the polls close a trustee cannot decrypt.
  await trustees[1]!.page.reload();
  await expect(
    trustees[1]!.page.getByText(/Dekripsi dilakukan setelah pemungutan suara/),
  ).toBeVisible();

  // After close: the result waits for two trustees; the third is absent.
  await expect(async () => {
    await trustees[1]!.page.reload();
    await expect(trustees[1]!.page.getByRole('button', { name: 'Dekripsi Tally' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  const watcher = await browserFor(browser, false, []);
  await watcher.goto(`/hasil/${e.electionId}`);
  await expect(watcher.getByText(/Hasil belum tersedia/)).toBeVisible();

  // Witness 1 decrypts with the key file.
  const w1 = trustees[1]!;
  await w1.page.getByLabel('Berkas kunci', { exact: true }).setInputFiles(w1.keyFile!);
  await passphrase(w1.page).fill(w1.pass);
  await w1.page.getByRole('button', { name: 'Dekripsi Tally' }).click();
  await expect(
    w1.page.getByText('Dekripsi parsial Anda atas tally 3 surat suara diterima dan buktinya sah.'),
  ).toBeVisible({ timeout: 60_000 });
  await expect(
    w1.page.getByText(/1 dari 2 dekripsi yang dibutuhkan sudah masuk; masih kurang 1/),
  ).toBeVisible();
  await panitia.goto(`/panitia/${e.electionId}/wali-kunci`);
  await expect(panitia.getByText(/masih kurang 1/)).toBeVisible();

  // Witness 2, at phone width, with the paper backup's code and the keyboard alone.
  const w2 = trustees[2]!;
  await w2.page.reload();
  await tabTo(w2.page, w2.page.getByLabel('Memakai berkas kunci dan kata sandinya'));
  await w2.page.keyboard.press('ArrowDown');
  await expect(w2.page.getByLabel('Memakai kode cadangan kertas')).toBeChecked();
  const code = w2.page.getByLabel('Kode cadangan kertas', { exact: true });
  await tabTo(w2.page, code);
  await w2.page.keyboard.type('bukan kode yang benar');
  await w2.page.keyboard.press('Enter');
  await expect(w2.page.getByRole('alert')).toContainText('Kode cadangan');
  await code.fill('');
  await tabTo(w2.page, code);
  await w2.page.keyboard.type(w2.seed!.match(/.{1,4}/g)!.join(' '));
  await w2.page.keyboard.press('Enter');
  await expect(w2.page.getByText(/Hasil pemilihan sudah dibuka oleh 2 wali kunci/)).toBeVisible({
    timeout: 60_000,
  });

  // The result is public; the record passes both verifiers.
  await expect(async () => {
    await watcher.reload();
    await expect(watcher.getByRole('heading', { name: 'Perolehan Suara' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  const row = watcher.getByRole('row').filter({ hasText: 'Andi Saputra' });
  await expect(row.getByRole('cell')).toHaveText([/Andi Saputra/, '2', '66,7%']);
  const record = await watcher.request.get(`/api/elections/${e.electionId}/record`);
  const uuid = /filename="(.+)\.bel"/.exec(record.headers()['content-disposition']!)![1]!;
  const dir = fs.mkdtempSync(path.join(work, 'rekaman-'));
  fs.writeFileSync(path.join(dir, `${uuid}.bel`), await record.body());
  const ours = verifyRecord(fs.readFileSync(path.join(dir, `${uuid}.bel`)));
  expect(ours.checks.filter((c) => !c.ok)).toEqual([]);
  const theirs = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], {
    encoding: 'utf8',
  });
  expect(theirs.status, theirs.stdout + theirs.stderr).toBe(0);

  // No request the trustees' browsers sent held a secret: each seed, its private keys, the
  // polynomial's coefficients, every share sent, and each trustee's private key.
  const secrets: string[] = [];
  for (const t of trustees) {
    const k = seedKeys(t.seed!);
    secrets.push(t.seed!, String(k.signing), String(k.decryption));
    const opened = await openKeyFile(fs.readFileSync(t.keyFile!, 'utf8'), t.pass);
    expect(opened.ok).toBe(true);
    if (opened.ok) secrets.push((JSON.parse(opened.secret) as { share: string }).share);
  }
  const polynomials = sent.flatMap((b) => {
    const body = JSON.parse(b) as { polynomial?: string };
    return body.polynomial ? [readPolynomial(body.polynomial)!] : [];
  });
  expect(polynomials).toHaveLength(3);
  for (const p of polynomials) {
    for (const t of trustees) {
      const k = seedKeys(t.seed!);
      const own = decryptMessage(k.decryption, p.polynomial);
      if (own) {
        const inner = JSON.parse(JSON.parse(JSON.parse(own).message).message) as {
          polynomial: string[];
        };
        secrets.push(...inner.polynomial);
      }
      for (const s of p.secrets) {
        const opened = decryptMessage(k.decryption, s);
        if (opened)
          secrets.push(
            (JSON.parse(JSON.parse(JSON.parse(opened).message).message) as { secret: string })
              .secret,
          );
      }
    }
  }
  expect(secrets.length).toBeGreaterThanOrEqual(3 * 4 + 3 * 2 + 9);
  for (const s of secrets) expect(sent.some((b) => b.includes(s))).toBe(false);
  await committeeApi.dispose();
});

test('a witness who went away is removed with a reason, and the ceremony restarted without them', async ({
  page,
}) => {
  const e = await electionThroughApi({ voters: 0, opensInMs: 3_600_000, lock: false });
  const committeeApi = await client();
  await ok(
    committeeApi.post('/api/auth/sign-in/email', {
      data: { email: e.committee.email, password: e.committee.password },
    }),
  );
  const base = `/api/elections/${e.electionId}`;
  const slots = await ok<{ items: { candidateId: string }[] }>(
    committeeApi.get(`${base}/witnesses`),
  );
  // A witness for each pair joins; the three hold the key.
  for (const [i, name] of ['Sari Pergi', 'Tono Tetap'].entries()) {
    const email = `saksi.hapus${i}.${Date.now()}@mahasiswa.test`;
    const { code } = await ok<{ code: string }>(
      committeeApi.post(`${base}/witnesses/invitations`, {
        data: { candidateId: slots.items[i]!.candidateId, email },
      }),
      201,
    );
    const witness = await client();
    await ok(
      witness.post('/api/committee/register', {
        data: {
          kodeUndangan: code,
          namaLengkap: name,
          email,
          password: 'sandi-saksi-kunci-1',
          confirmPassword: 'sandi-saksi-kunci-1',
        },
      }),
      201,
    );
    await witness.dispose();
  }
  await ok(committeeApi.post(`${base}/ceremony`, { data: { ambang: 2 } }), 201);

  await signIn(page, '/login', e.committee.email, e.committee.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/panitia/${e.electionId}/ringkasan`);
  await page.getByRole('button', { name: 'Hapus saksi nomor urut 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus saksi?' });
  await expect(dialog).toContainText('Sari Pergi tidak lagi dapat melihat ringkasan');
  // Without a reason nothing happens, and the dialog says why.
  await dialog.getByRole('button', { name: 'Ya, Hapus Saksi' }).click();
  await expect(dialog.getByText('Alasan wajib diisi.')).toBeVisible();
  await dialog.getByLabel('Alasan menghapus saksi').fill('Saksi pindah kampus.');
  await dialog.getByRole('button', { name: 'Ya, Hapus Saksi' }).click();
  await expect(page.getByText(/Sari Pergi tidak lagi menjadi saksi nomor urut 1/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hapus saksi nomor urut 1' })).toHaveCount(0);
  await expect(page.getByLabel('Email saksi nomor urut 1')).toBeVisible();

  // The key's tab says the ceremony no longer matches; a restart takes the people of now.
  await page.goto(`/panitia/${e.electionId}/wali-kunci`);
  await expect(
    page.getByText(
      /Wali kunci tidak lagi sama dengan panitia dan saksi pemilihan ini \(Sari Pergi sudah tidak menjadi panitia atau saksi\)/,
    ),
  ).toBeVisible();
  expect(await seriousViolations(page, 'wali kunci (saksi dihapus)')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('saksi-dihapus.png'), fullPage: true });
  await page.getByRole('button', { name: 'Mulai Ulang Upacara' }).click();
  await page.getByLabel('Alasan memulai ulang').fill('Saksi nomor 1 dihapus.');
  await page.getByRole('button', { name: 'Ya, Mulai Ulang' }).click();
  await expect(page.getByText(/Wali kunci tidak lagi sama/)).toHaveCount(0);
  await expect(page.getByText('Sari Pergi')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Tono Tetap Saksi/ })).toBeVisible();
  await committeeApi.dispose();
});
