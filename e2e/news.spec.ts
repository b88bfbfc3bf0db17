import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './support/accounts.ts';
import { signIn } from './support/fixtures.ts';
import { layoutShift } from './support/layout-shift.ts';

const IMG_PAYLOAD = '<img src=x onerror="window.__xss=1">';
const SCRIPT_PAYLOAD = '<script>window.__xss=1</script>';

/** A 1200×630 PNG made here, as an admin's photo would be. */
function coverPng() {
  return sharp({
    create: { width: 1200, height: 630, channels: 3, background: { r: 15, g: 45, b: 85 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="630"><circle cx="600" cy="315" r="200" fill="#f2b705"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Counts dialogs (alert, confirm, prompt) the page opens; a payload that ran would open one. */
function watchDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', async (d) => {
    opened.push(d.message());
    await d.dismiss();
  });
  return opened;
}

async function openEditor(page: Page) {
  await signIn(page, '/login', E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/kelola-berita');
  await page.getByRole('button', { name: 'Tambah Berita' }).click();
  await expect(page.getByRole('heading', { name: 'Tambah Berita' })).toBeVisible();
}

test('an admin writes and publishes an article with a cover, and it is on /berita with its link preview', async ({
  page,
  browser,
  baseURL,
}) => {
  const n = crypto.randomInt(100_000, 999_999);
  const title = `Tim "Reaktor" & Robotika Juara ${n}`;
  const dialogs = watchDialogs(page);
  await openEditor(page);
  await expectNoSidewaysScroll(page);

  // An empty form is refused next to its fields.
  await page.getByRole('button', { name: 'Terbitkan', exact: true }).click();
  await expect(page.getByText('Judul wajib diisi.')).toBeVisible();
  await expect(page.getByText('Isi berita wajib diisi sebelum diterbitkan.')).toBeVisible();
  await expect(page.getByLabel('Judul', { exact: true })).toBeFocused();

  await page.getByLabel('Judul', { exact: true }).fill(title);
  await page
    .getByLabel('Ringkasan')
    .fill('Tim robotika mahasiswa meraih juara pertama kontes robot nasional.');
  await page.getByLabel('Kategori').selectOption('Prestasi');
  await page.getByLabel('Gambar Sampul').setInputFiles({
    name: 'sampul.png',
    mimeType: 'image/png',
    buffer: await coverPng(),
  });
  await expect(page.getByRole('img', { name: 'Pratinjau gambar sampul' })).toBeVisible();

  const body = page.getByRole('textbox', { name: 'Isi', exact: true });
  await body.click();
  const toolbar = page.getByRole('toolbar', { name: 'Format teks' });
  await toolbar.getByRole('button', { name: 'Judul bagian H2' }).click();
  await expect(toolbar.getByRole('button', { name: 'Judul bagian H2' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.type('Perjalanan menuju final');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Tim berlatih setiap sore di bengkel kampus. ');
  // The toolbar is one tab stop; arrow keys move between its buttons.
  await toolbar.getByRole('button', { name: 'Judul bagian H2' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Subjudul H3' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Tautan' })).toBeFocused();
  await body.click();
  await page.keyboard.press('End');
  const bold = toolbar.getByRole('button', { name: 'Tebal' });
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Kerja keras terbayar.');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');

  // The preview is the public page's rendering of the server-sanitised body.
  await page.getByRole('button', { name: 'Pratinjau', exact: true }).click();
  const preview = page.getByRole('region', { name: /Pratinjau/ });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    preview.getByRole('heading', { level: 2, name: 'Perjalanan menuju final' }),
  ).toBeVisible();
  await expect(preview.getByTestId('news-body').locator('strong')).toHaveText(
    'Kerja keras terbayar.',
  );
  await expect(preview.getByRole('img', { name: `Gambar sampul: ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali Menyunting' }).click();
  await expect(page.getByLabel('Judul', { exact: true })).toHaveValue(title);

  await page.getByRole('button', { name: 'Terbitkan', exact: true }).click();
  await expect(page.getByText(`Berita "${title}" diterbitkan.`)).toBeVisible();
  const listed = page.getByRole('listitem').filter({ hasText: title });
  await expect(listed.getByText('Terbit', { exact: true })).toBeVisible();

  const found = await (
    await page.request.get(`/api/admin/articles?q=${encodeURIComponent(String(n))}`)
  ).json();
  const saved = found.items[0] as { slug: string; authorName: string; cover: string };
  expect(saved.slug).toBe(`tim-reaktor-dan-robotika-juara-${n}`);

  // The home page's latest news shows it at once.
  await page.goto('/');
  await expect(page.locator('.latest-news').getByText(title)).toBeVisible();

  // Histori Aktivitas lists the publication, and the log's chain verifies.
  await page.goto('/admin/histori');
  await page.getByLabel('Cari ringkasan atau nama pelaku').fill(String(n));
  await expect(page.getByRole('row').filter({ hasText: title }).first()).toBeVisible();
  await expect(page.getByText('Rantai log utuh')).toBeVisible();

  // On /berita, found by search and category.
  await page.goto('/berita');
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Cari berita').fill(String(n));
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await page.getByLabel('Kategori').selectOption('Prestasi');
  await expect(page).toHaveURL(new RegExp(`q=${n}.*kategori=Prestasi`));
  const card = page.getByRole('listitem').filter({ hasText: title });
  // The list uses the small rendition of the cover.
  const thumb = card.locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await card.getByRole('link', { name: title }).click();

  await expect(page).toHaveURL(new RegExp(`/berita/${saved.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const cover = page.getByRole('img', { name: `Gambar sampul: ${title}` });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(page.locator('.news-byline')).toContainText(`Oleh ${saved.authorName}`);
  await expect(page.locator('.news-byline time')).toHaveText(/\d{4}$/);
  await expect(page.getByTestId('news-body')).toContainText('Tim berlatih setiap sore');
  await expect(page).toHaveTitle(`${title} · BEM Poltek Nuklir`);
  await expectNoSidewaysScroll(page);

  // Opened afresh (nothing cached), the cover's space is held before it arrives: the article
  // does not jump down as it loads.
  const fresh = await browser.newContext();
  const reader = await fresh.newPage();
  await reader.goto(`/berita/${saved.slug}`);
  await expect(reader.getByRole('img', { name: `Gambar sampul: ${title}` })).toBeVisible();
  await reader.waitForLoadState('networkidle');
  expect(await layoutShift(reader)).toBeLessThan(0.02);
  await fresh.close();

  // The server's own HTML carries the link preview.
  const res = await page.request.get(`/berita/${saved.slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const escapedTitle = `Tim &quot;Reaktor&quot; &amp; Robotika Juara ${n}`;
  expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
  expect(html).toContain(`<meta property="og:image" content="${baseURL}/files/${saved.cover}" />`);
  expect(html).toContain('<meta property="og:type" content="article" />');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect((await page.request.get(`/files/${saved.cover}`)).headers()['content-type']).toBe(
    'image/jpeg',
  );
  expect(dialogs).toEqual([]);
});

test('script payloads typed into the editor or sent through the API show as harmless text and run nothing', async ({
  page,
}) => {
  const n = crypto.randomInt(100_000, 999_999);
  const dialogs = watchDialogs(page);
  await openEditor(page);
  const title = `Uji Keamanan Isi ${n}`;
  await page.getByLabel('Judul', { exact: true }).fill(title);
  const body = page.getByRole('textbox', { name: 'Isi', exact: true });
  await body.click();
  await page.keyboard.type(IMG_PAYLOAD);
  await page.keyboard.press('Enter');
  await page.keyboard.type(SCRIPT_PAYLOAD);
  await page.getByRole('button', { name: 'Terbitkan', exact: true }).click();
  await expect(page.getByText(`Berita "${title}" diterbitkan.`)).toBeVisible();

  const slugOf = async (q: string) =>
    (
      (await (await page.request.get(`/api/admin/articles?q=${q}`)).json()).items[0] as {
        slug: string;
      }
    ).slug;
  await page.goto(`/berita/${await slugOf(`Uji Keamanan Isi ${n}`)}`);
  const shown = page.getByTestId('news-body');
  await expect(shown).toContainText(IMG_PAYLOAD);
  await expect(shown).toContainText(SCRIPT_PAYLOAD);
  await expect(shown.locator('img, script')).toHaveCount(0);

  // The same payloads as HTML, straight through the API.
  const sent = await page.request.post('/api/admin/articles', {
    data: {
      title: `Uji Keamanan API ${n}`,
      summary: '',
      category: 'Opini',
      body: `<p>Awal</p>${IMG_PAYLOAD}${SCRIPT_PAYLOAD}<p><a href="javascript:window.__xss=1">klik di sini</a></p><svg onload="window.__xss=1"></svg><iframe src="javascript:window.__xss=1"></iframe><p onmouseover="window.__xss=1">Akhir</p>`,
      cover: null,
      coverSmall: null,
      action: 'publish',
    },
  });
  expect(sent.status()).toBe(201);
  const stored = (await sent.json()) as { slug: string; body: string };
  expect(stored.body).toBe('<p>Awal</p><p>klik di sini</p><p>Akhir</p>');
  await page.goto(`/berita/${stored.slug}`);
  const apiBody = page.getByTestId('news-body');
  await expect(apiBody).toContainText('Awal');
  await expect(apiBody.locator('img, script, svg, iframe, a, [onmouseover]')).toHaveCount(0);
  await apiBody.getByText('klik di sini').click();
  await apiBody.getByText('Akhir').hover();

  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('an admin schedules an article, and only admins see it until its time', async ({ page }) => {
  const n = crypto.randomInt(100_000, 999_999);
  const title = `Pengumuman Pemira Terjadwal ${n}`;
  await openEditor(page);
  await page.getByLabel('Judul', { exact: true }).fill(title);
  await page.getByLabel('Kategori').selectOption('Pengumuman');
  await page.getByRole('textbox', { name: 'Isi', exact: true }).click();
  await page.keyboard.type('Pendaftaran calon dibuka pekan depan.');
  await page.getByLabel('Jadwal terbit (WIB)').fill('2099-08-17T08:00');
  await page.getByRole('button', { name: 'Jadwalkan', exact: true }).click();
  await expect(page.getByText(`Berita "${title}" dijadwalkan terbit`)).toBeVisible();
  await page.getByLabel('Status').selectOption('scheduled');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Terjadwal', { exact: true })).toBeVisible();
  await expect(row).toContainText('17 Agustus 2099');

  const slug = `pengumuman-pemira-terjadwal-${n}`;
  expect((await page.request.get(`/api/articles/${slug}`)).status()).toBe(404);
  const served = await page.request.get(`/berita/${slug}`);
  expect(served.status()).toBe(404);
  expect(await served.text()).not.toContain('og:title');
  await page.goto(`/berita/${slug}`);
  await expect(page.getByRole('heading', { name: 'Berita tidak ditemukan' })).toBeVisible();

  // Deleting asks first.
  await page.goto('/admin/kelola-berita');
  await page.getByLabel('Cari judul atau ringkasan').fill(String(n));
  await page
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Hapus/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Hapus berita?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(page.getByText(`Berita "${title}" dihapus.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});
