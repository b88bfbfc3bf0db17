import { expect, test, type Page } from '@playwright/test';
import { lockedElectionThroughApi } from './support/election-api.ts';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyRecord } from '../shared/crypto/verify/verify-record.ts';
import { seriousViolations } from './support/axe.ts';
import { signIn, waitForMail } from './support/fixtures.ts';
import { boothLink } from './support/booth.ts';

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, viewport] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(viewport);
}

test(
  'a voter reads the candidates and votes, at this project’s screen width',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(240_000);
    const { electionId, voters } = await lockedElectionThroughApi({ voters: 2, opensInMs: 25_000 });
    const v = voters[0]!;
    await signIn(page, '/login-pemilih', v.email, v.password);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    // The booth is opened from the mailed link, which carries the voter's credential.
    await page.goto((await boothLink(v.email, electionId)).path);
    await expect(page).toHaveURL(new RegExp(`/voting/${electionId}$`));
    // Before the polls open: the start time, then the ballot appears by itself.
    await expect(page.getByText(/dibuka pada/i)).toBeVisible();
    const first = page.getByRole('radio', { name: 'Nomor 1: Andi Saputra dan Budi Hartono' });
    await expect(first).toBeVisible({ timeout: 60_000 });

    // Another voter's link (their credential, not this voter's): refused, nothing to vote with.
    await page.goto((await boothLink(voters[1]!.email, electionId)).path);
    await expect(
      page.getByText(/Kredensial ini bukan milik Anda untuk pemilihan ini/).first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio')).toHaveCount(0);

    // A link whose credential was cut short: the booth says so and takes it typed in instead.
    const { credential } = await boothLink(v.email, electionId);
    await page.goto(`/voting/${electionId}#kredensial=${credential.slice(0, 11)}`);
    await expect(page.getByText(/Tautan ini tidak memuat kredensial yang utuh/)).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, 'kredensial')).toEqual([]);
    await page.screenshot({ path: info.outputPath('credential.png'), fullPage: true });
    const field = page.getByLabel('Kredensial', { exact: true });
    // A typing mistake fails the credential's checksum: said at the field, which gets the focus.
    const typo = credential.slice(0, -1) + (credential.endsWith('a') ? 'b' : 'a');
    await field.fill(typo);
    await page.getByRole('button', { name: 'Pakai Kredensial' }).click();
    await expect(page.getByText(/Kredensial tidak lengkap atau salah ketik/)).toBeVisible();
    await expect(field).toBeFocused();
    // Typed without its dashes, it is the same credential.
    await field.fill(credential.replaceAll('-', ''));
    await page.getByRole('button', { name: 'Pakai Kredensial' }).click();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('img[src^="data:image/jpeg"]')).toHaveCount(2);
    await expect(page.getByText(/Transparansi anggaran/)).toHaveCount(2);
    const vision = page.getByText(/terbuka, melayani dan berprestasi bersama Citra/);
    await expect(vision).toBeHidden();
    await page.getByText('Visi dan misi').nth(1).click();
    await expect(vision).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath('ballot.png'), fullPage: true });

    // Sent without a choice: the message comes into view and takes the focus, nothing is sent.
    await page.getByRole('button', { name: 'Kirim Suara' }).click();
    const noChoice = page.getByText('Pilih salah satu pilihan terlebih dahulu.');
    await expect(noChoice).toBeInViewport();
    await expect(page.locator('.focus-target')).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('radio', { name: 'Nomor 2: Citra Lestari dan Dewi Anggraini' }).check();
    await page.getByRole('button', { name: 'Kirim Suara' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Citra Lestari');
    // The ballot is encrypted here first: its code is shown before anything is sent.
    const sealed = dialog.getByTestId('kode-surat-suara');
    await expect(sealed).toHaveText(/^[A-Za-z0-9+/]{43}$/, { timeout: 30_000 });
    const opened = (await sealed.textContent())!;
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, 'dialog kirim suara')).toEqual([]);
    await page.screenshot({ path: info.outputPath('confirm.png') });

    // Periksa surat suara: this ballot is opened instead of sent; the booth shows what it held.
    await dialog.getByRole('button', { name: 'Periksa surat suara' }).click();
    await expect(
      page.getByRole('heading', { name: 'Hasil pemeriksaan surat suara' }),
    ).toBeFocused();
    await expect(page.getByTestId('isi-surat-suara')).toHaveText(
      'Nomor 2: Citra Lestari dan Dewi Anggraini',
    );
    await expect(page.getByText('Isi surat suara sama dengan pilihan Anda')).toBeVisible();
    await expect(page.getByText(/Pemeriksaan berhasil/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, 'hasil pemeriksaan')).toEqual([]);
    await page.screenshot({ path: info.outputPath('audit.png'), fullPage: true });
    // Then a new ballot, with the keyboard: the choice stays; its code is not the opened one.
    await page.getByRole('button', { name: 'Buat surat suara baru' }).press('Enter');
    const send = page.getByRole('button', { name: 'Kirim Suara' });
    await expect(send).toBeFocused();
    await expect(
      page.getByRole('radio', { name: 'Nomor 2: Citra Lestari dan Dewi Anggraini' }),
    ).toBeChecked();
    await send.press('Enter');
    await expect(sealed).toHaveText(/^[A-Za-z0-9+/]{43}$/, { timeout: 30_000 });
    const fresh = (await sealed.textContent())!;
    expect(fresh).not.toBe(opened);
    await page.getByRole('button', { name: 'Ya, Kirim' }).click();
    await expect(page.getByText('Kode Bukti')).toBeVisible();
    await expect(page.getByTestId('kode-bukti')).toHaveText(/^[A-Za-z0-9+/]{43}$/);
    const code = (await page.getByTestId('kode-bukti').textContent())!;
    // The Kode Bukti is the code the dialog showed before sending.
    expect(code).toBe(fresh);
    // The code in groups of four, none broken across lines, whatever the width.
    const groups = page.getByTestId('kode-bukti').locator('.tracker-group');
    expect(await groups.allTextContents()).toEqual(code.match(/.{1,4}/g));
    for (const rects of await groups.evaluateAll((els) =>
      els.map((el) => el.getClientRects().length),
    ))
      expect(rects).toBe(1);
    const heights = await groups.evaluateAll((els) =>
      els.map(
        (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).fontSize),
      ),
    );
    for (const h of heights) expect(h).toBeLessThan(1.8);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath('receipt.png'), fullPage: true });
    // Copy says so; the copy is the code itself.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Salin kode' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Kode Bukti disalin.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // Download: a text file with the code and where to find it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unduh kode' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('kode-bukti.txt');
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    expect(saved).toContain(code);
    expect(saved).toContain(`/hasil/${electionId}/kotak-suara?cari=`);
    // And by mail.
    const mail = await waitForMail(v.email, /Kode Bukti: /);
    expect(mail.text).toContain(`Kode Bukti: ${code}`);

    // The public ballot box holds it: found from the receipt's own link.
    await page.getByRole('link', { name: 'Cari di Kotak Suara Publik' }).click();
    await expect(page).toHaveURL(new RegExp(`/hasil/${electionId}/kotak-suara\\?cari=`));
    await expect(page.getByRole('heading', { name: '1 surat suara diterima' })).toBeVisible();
    await expect(
      page.getByText('Kode Bukti ini ada di kotak suara: suaranya tercatat.'),
    ).toBeVisible();
    await expect(page.getByLabel('Cari Kode Bukti')).toHaveValue(code);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, 'kotak suara publik')).toEqual([]);
    await page.screenshot({ path: info.outputPath('kotak-suara.png'), fullPage: true });
    // A code that is not there is said to be missing, with what to do.
    const other = `${code.startsWith('A') ? 'B' : 'A'}${code.slice(1)}`;
    await page.getByLabel('Cari Kode Bukti').fill(other);
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(page.getByText(/Kode Bukti ini tidak ada di kotak suara/)).toBeVisible();
    await page.getByRole('button', { name: 'Tampilkan semua' }).click();
    await expect(page.locator('.tracker-list li')).toHaveText([code]);
    // The opened ballot is listed apart, with what it held, and never among those counted.
    await expect(
      page.getByRole('heading', { name: 'Surat suara yang diperiksa (1)' }),
    ).toBeVisible();
    await expect(page.locator('.audited-list li')).toHaveCount(1);
    await expect(page.locator('.audited-list li')).toContainText(
      'Isi: 02. Citra Lestari & Dewi Anggraini',
    );
    await page.getByLabel('Cari Kode Bukti').fill(opened);
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(page.getByText(/Kode ini milik surat suara yang diperiksa/)).toBeVisible();
    await expect(page.locator('.tracker-list li')).toHaveCount(0);

    // The record so far with the list of opened ballots: our verifier checks the opened ballot
    // against the record; belenios-tool accepts the record (it does not read the list).
    const recordRes = await page.request.get(`/api/elections/${electionId}/record`);
    expect(recordRes.status()).toBe(200);
    const uuid = /filename="(.+)\.bel"/.exec(recordRes.headers()['content-disposition']!)![1]!;
    const record = await recordRes.body();
    const audited = await (
      await page.request.get(`/api/elections/${electionId}/record/audited`)
    ).text();
    const report = verifyRecord(new Uint8Array(record), { audited });
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report).toMatchObject({ ok: true, audited: 1, ballots: 1 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-booth-record-'));
    fs.writeFileSync(path.join(dir, `${uuid}.bel`), record);
    fs.writeFileSync(path.join(dir, `${uuid}.audited.json`), audited);
    const theirs = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], {
      encoding: 'utf8',
    });
    expect(theirs.status, theirs.stdout + theirs.stderr).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    // The dashboard now says when this voter voted, never what.
    await page.goto('/dashboard-pemilih');
    await expect(page.getByText(/Anda sudah memilih pada/).first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Citra Lestari');
  },
);

test('the Kode Bukti stays on the screen when the receipt’s buttons cannot be loaded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { electionId, voters } = await lockedElectionThroughApi({ voters: 1, opensInMs: 5_000 });
  const v = voters[0]!;
  await signIn(page, '/login-pemilih', v.email, v.password);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  // The receipt's buttons load as the dialog opens; here the network drops their code.
  let dropped = 0;
  await page.route(/\/assets\/receipt-actions-[\w-]+\.js$/, (route) => {
    dropped++;
    return route.abort();
  });
  await page.goto((await boothLink(v.email, electionId)).path);
  const first = page.getByRole('radio').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  await first.check();
  await page.getByRole('button', { name: 'Kirim Suara' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirim suara ini?' });
  const tracker = dialog.getByTestId('kode-surat-suara');
  await expect(tracker).toBeVisible({ timeout: 30_000 });
  const code = (await tracker.textContent())!.trim();
  await dialog.getByRole('button', { name: 'Ya, Kirim' }).click();
  // The vote is recorded and its code shown, without the copy and download buttons; the
  // receipt still takes the focus, so a screen reader reads it.
  await expect(page.getByRole('heading', { name: 'Suara Anda sudah tercatat' })).toBeFocused();
  await expect(page.getByTestId('kode-bukti')).toHaveText(code);
  await expect(page.getByRole('button', { name: 'Salin kode' })).toHaveCount(0);
  expect(dropped).toBeGreaterThan(0);
});

test(
  'the mailed ballot link opened signed out leads through the sign-in to the booth, credential kept',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(180_000);
    const { electionId, voters } = await lockedElectionThroughApi({ voters: 1, opensInMs: 5_000 });
    const v = voters[0]!;
    const link = await boothLink(v.email, electionId);
    await page.goto(link.path);
    // At the sign-in, with the way back, and the private credential no longer in the address.
    await expect(page).toHaveURL(new RegExp(`/login-pemilih\\?lanjut=%2Fvoting%2F${electionId}$`));
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    await page.getByLabel('Email').fill(v.email);
    await page.getByLabel('Kata Sandi').fill(v.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    // Back at the booth: the link's credential opens the ballot, nothing to type.
    await expect(page).toHaveURL(new RegExp(`/voting/${electionId}$`));
    await expect(page.getByRole('radio').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('Kredensial', { exact: true })).toHaveCount(0);
  },
);
