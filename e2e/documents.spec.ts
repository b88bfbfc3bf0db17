import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { E2E_ADMIN } from './support/accounts.ts';
import { signIn } from './support/fixtures.ts';

/** A small, valid PDF with a title line. */
function pdfBytes(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title).moveDown().fontSize(11).text('Laporan uji end-to-end.');
    doc.end();
  });
}

async function signInAsAdmin(page: Page) {
  await signIn(page, '/login', E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin uploads a PDF; it downloads intact from the Bank Dokumen and opens inline', async ({
  page,
}) => {
  const suffix = crypto.randomInt(100_000, 999_999);
  const title = `LPJ Kabinet Uji ${suffix}`;
  const fileName = `lpj-uji-${suffix}.pdf`;
  const pdf = await pdfBytes(title);

  await signInAsAdmin(page);
  await page.goto('/admin/dokumen');
  await page.getByRole('button', { name: 'Unggah Dokumen' }).click();
  await expect(page.getByRole('heading', { name: 'Unggah Dokumen' })).toBeFocused();

  // Saving with nothing filled in shows the messages next to the fields.
  await page.getByRole('button', { name: 'Unggah', exact: true }).click();
  await expect(page.getByText('Judul wajib diisi.')).toBeVisible();
  await expect(page.getByText('Pilih salah satu kategori yang tersedia.')).toBeVisible();
  await expect(page.getByText('Unggah berkas dokumen terlebih dahulu.')).toBeVisible();

  // The server refuses a file that is not a document, by its content, and says why.
  const file = page.getByLabel('Berkas', { exact: true });
  await file.setInputFiles({
    name: 'bukan-pdf.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('ini hanya teks biasa, bukan PDF'),
  });
  await expect(page.getByText(/Jenis berkas tidak didukung/)).toBeVisible();

  await page.getByLabel('Judul').fill(title);
  await page.getByLabel('Kategori').selectOption('Laporan Pertanggungjawaban');
  await page.getByLabel('Deskripsi').fill('Laporan pertanggungjawaban untuk pengujian.');
  await file.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText(`Berkas: ${fileName}`)).toBeVisible();
  await expect(page.getByLabel('Nama berkas saat diunduh')).toHaveValue(fileName);
  await page.getByRole('button', { name: 'Unggah', exact: true }).click();
  await expect(page.getByText(`Dokumen "${title}" disimpan.`)).toBeVisible();
  await expect(page.getByRole('listitem', { name: title, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The public Bank Dokumen: found by search, with its type and size, downloaded byte for byte.
  await page.goto('/dokumen');
  await page.getByLabel('Cari dokumen').fill(String(suffix));
  await expect(page.getByText('1 dokumen cocok')).toBeVisible();
  const card = page.getByRole('listitem', { name: title, exact: true });
  const meta = card.locator('.doc-meta');
  await expect(meta.getByText('PDF', { exact: true })).toBeVisible();
  await expect(meta.getByText(/^\d+(,\d)? KB$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Laporan Pertanggungjawaban' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const downloadEvent = page.waitForEvent('download');
  await card.getByRole('link', { name: `Unduh ${title}` }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(fs.readFileSync(await download.path()).equals(pdf)).toBe(true);

  // "Lihat" opens the PDF in a new tab, shown inline. The new tab's own request is what is
  // checked (a headless browser has no PDF viewer, so the tab itself may stay blank).
  const popupEvent = page.waitForEvent('popup');
  const tabRequest = page
    .context()
    .waitForEvent('request', (r) => r.isNavigationRequest() && /inline=1/.test(r.url()));
  await card.getByRole('link', { name: `Lihat ${title} (tab baru)` }).click();
  const [popup, request] = await Promise.all([popupEvent, tabRequest]);
  expect(request.frame().page()).toBe(popup);
  expect(request.url()).toMatch(/\/api\/documents\/[0-9a-f-]+\/download\?inline=1$/);
  const inline = await page.request.get(request.url());
  expect(inline.headers()['content-type']).toBe('application/pdf');
  expect(inline.headers()['content-disposition']).toMatch(
    new RegExp(`^inline; filename="${fileName}"`),
  );
  expect(Buffer.from(await inline.body()).equals(pdf)).toBe(true);
  await popup.close();

  // Clean up through the screen: delete asks first.
  await page.goto('/admin/dokumen');
  await page.getByLabel('Cari dokumen').fill(String(suffix));
  await page.getByRole('button', { name: `Hapus ${title}` }).click();
  await page.getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(page.getByText(`Dokumen "${title}" dihapus.`)).toBeVisible();
  await expect(page.getByRole('listitem', { name: title, exact: true })).toHaveCount(0);

  // Histori Aktivitas lists the upload and the deletion; the log's chain verifies.
  await page.goto('/admin/histori');
  await page.getByLabel('Cari ringkasan atau nama pelaku').fill(String(suffix));
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(2);
  await expect(page.getByText('Rantai log utuh')).toBeVisible();
});

test('a service added in Kelola Layanan appears on the Layanan page', async ({ page }, info) => {
  const suffix = crypto.randomInt(100_000, 999_999);
  const title = `Layanan Uji ${suffix}`;
  const second = `Layanan Kedua ${suffix}`;
  // Each project orders its own category, so the parallel runs never move each other's items.
  const category = info.project.name === 'phone' ? 'Konseling' : 'Aspirasi';

  await signInAsAdmin(page);
  await page.goto('/admin/layanan');
  await page.getByRole('button', { name: 'Tambah Layanan' }).click();
  await page.getByLabel('Nama Layanan').fill(title);
  await page.getByLabel('Kategori').selectOption(category);
  await page.getByLabel('Deskripsi').fill('Layanan untuk pengujian.');
  await page.getByLabel('Tautan', { exact: true }).fill('javascript:alert(1)');
  await page.getByLabel('Kontak').fill('Sekretariat BEM');
  await page.getByLabel('Jam Layanan').fill('Senin–Jumat, 08.00–16.00 WIB');
  await page.getByRole('button', { name: 'Simpan Layanan' }).click();
  await expect(page.getByText(/^Tautan harus berupa alamat/)).toBeVisible();
  await page.getByLabel('Tautan', { exact: true }).fill('https://wa.me/6281234567890');
  await page.getByRole('button', { name: 'Simpan Layanan' }).click();
  await expect(page.getByText(`Layanan "${title}" disimpan.`)).toBeVisible();
  await expect(page.getByRole('listitem', { name: title, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/layanan');
  await page.getByLabel('Cari layanan').fill(String(suffix));
  const card = page.getByRole('listitem', { name: title, exact: true });
  await expect(card).toBeVisible();
  await expect(page.getByRole('heading', { name: category, level: 2 })).toBeVisible();
  await expect(card.getByText('Senin–Jumat, 08.00–16.00 WIB')).toBeVisible();
  const link = card.getByRole('link', { name: `Hubungi via WhatsApp ${title} (tab baru)` });
  await expect(link).toHaveAttribute('href', 'https://wa.me/6281234567890');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expectNoSidewaysScroll(page);

  // A second service goes last in the category; it moves up with the keyboard alone.
  await page.goto('/admin/layanan');
  await page.getByRole('button', { name: 'Tambah Layanan' }).click();
  await page.getByLabel('Nama Layanan').fill(second);
  await page.getByLabel('Kategori').selectOption(category);
  await page.getByRole('button', { name: 'Simpan Layanan' }).click();
  await expect(page.getByText(`Layanan "${second}" disimpan.`)).toBeVisible();
  // The list filters a moment after typing (debounced): wait for the filtered answer, so the
  // move below is not followed by the list reloading under the focused button.
  const filtered = page.waitForResponse(
    (r) => r.ok() && new URL(r.url()).searchParams.get('q') === String(suffix),
  );
  await page.getByLabel('Cari layanan').fill(String(suffix));
  await filtered;
  const first = page.getByRole('listitem', { name: title, exact: true });
  const row = page.getByRole('listitem', { name: second, exact: true });
  await expect(row.getByRole('button', { name: `Turunkan ${second}` })).toBeDisabled();
  const place = async (item: typeof row) =>
    Number((await item.getByText(/urutan \d+ dari/).textContent())!.match(/urutan (\d+)/)![1]);
  const before = await place(row);
  expect(await place(first)).toBeLessThan(before);
  const up = row.getByRole('button', { name: `Naikkan ${second}` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText(`urutan ${before - 1} dari`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Turunkan ${second}` })).toBeEnabled();
  await expect(page.locator(':focus')).toHaveAttribute(
    'aria-label',
    new RegExp(`^(Naikkan|Turunkan) ${second}$`),
  );

  // Delete after confirming; the page no longer lists them.
  for (const name of [title, second]) {
    await page.getByRole('button', { name: `Hapus ${name}` }).click();
    await page.getByRole('button', { name: 'Ya, Hapus' }).click();
    await expect(page.getByText(`Layanan "${name}" dihapus.`)).toBeVisible();
  }
  await page.goto('/layanan');
  await page.getByLabel('Cari layanan').fill(String(suffix));
  await expect(page.getByText(/Tidak ada layanan yang cocok/)).toBeVisible();
});
