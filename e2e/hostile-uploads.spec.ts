import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pngBomb } from '../server/test/images.ts';
import { E2E_ADMIN, E2E_MASTER } from './support/accounts.ts';
import { newVoter, registerByApi } from './support/fixtures.ts';
import {
  apiClient,
  baseUrl,
  inFuture,
  Inspector,
  letters,
  ok,
  openSession,
  pdfBytes,
  recordBrowserFigures,
  signInApi,
} from './support/hostile.ts';

/**
 * Hostile uploads, through the browser (hostile text: hostile-text.spec.ts).
 *
 * Uploads through the browser's own file inputs: executables renamed .jpg, a 50 MB file, a
 * decompression bomb, an SVG with script and path-traversal file names, as article cover,
 * candidate photo, voter photo and Bank Dokumen file: each refused with a clear Indonesian
 * message or neutralised (re-encoded, renamed), stored in the database by hash, and nothing
 * written to the server's disk.
 *
 * It runs at desktop width only (playwright.config.ts).
 */

test.describe.configure({ mode: 'serial' });

const figures: Record<string, number | string> = {};

test.afterAll(() => {
  if (!('uploadsTried' in figures)) return;
  recordBrowserFigures(
    'browser-hostile-uploads',
    figures,
    `${figures.uploadsTried} hostile uploads: ${figures.uploadsRefused} refused, ` +
      `${figures.uploadsNeutralised} neutralised, ${figures.executions} executions`,
  );
});

type Upload = { name: string; mimeType: string; buffer: Buffer } | string;

test('hostile uploads through the browser are refused with a clear message or neutralised', async ({
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const dataDir = process.env.E2E_DATA_DIR!;
  const tag = `Uji${letters(5)}`;
  let tried = 0;
  let refused = 0;
  let neutralised = 0;

  const elf = {
    name: 'foto-profil.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      crypto.randomBytes(4096),
    ]),
  };
  const pe = {
    name: 'sampul.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(64),
      Buffer.from('PE\0\0'),
      crypto.randomBytes(2048),
    ]),
  };
  const bomb = { name: 'bom.png', mimeType: 'image/png', buffer: pngBomb() };
  expect(bomb.buffer.length).toBeLessThan(2_000);
  const svg = {
    name: 'gambar.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" onload="window.__xss_svg=1;alert(1)">' +
        '<script>window.__xss_svg=1;alert(1)</script><rect width="320" height="240" fill="#c33"/></svg>',
    ),
  };
  // 50 MB: written to a file, as a browser would pick it (a JPEG header, then nothing).
  const big = testInfo.outputPath('foto-besar.jpg');
  fs.mkdirSync(path.dirname(big), { recursive: true });
  fs.writeFileSync(
    big,
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(50 * 1024 * 1024)]),
  );

  /** What the server keeps in DATA_DIR besides its database (uploads are in the database). */
  const onDisk = () =>
    fs
      .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => !/^(pgdata|mail)([\\/]|$)/.test(f));

  /**
   * Opens the form afresh (no earlier message left on it), chooses the file and expects the
   * refusal's message (role=alert) next to the field.
   */
  async function refuse(
    page: Page,
    open: () => Promise<unknown>,
    choose: () => Promise<void>,
    message: RegExp | string,
  ) {
    tried++;
    await open();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await choose();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({
      timeout: 30_000,
    });
    refused++;
  }
  const uploadsSent: string[] = [];

  // ---- Article cover (server re-encodes; anything else is refused). ----
  const adminS = await openSession(browser, 'admin', E2E_ADMIN);
  const look = new Inspector();
  const admin = adminS.page;
  admin.on('request', (r) => {
    if (r.url().includes('/api/uploads/')) uploadsSent.push(r.url());
  });
  const editor = () => admin.goto('/admin/kelola-berita?tulis=baru');
  const cover = admin.getByLabel('Gambar Sampul');
  const choose = (file: Upload) => () => cover.setInputFiles(file);
  const notImage = 'Gambar harus berupa berkas JPEG, PNG atau WebP.';
  await refuse(admin, editor, choose(elf), notImage);
  await refuse(admin, editor, choose(pe), notImage);
  await refuse(admin, editor, choose(svg), notImage);
  await refuse(
    admin,
    editor,
    choose(bomb),
    'Gambar tidak dapat dibaca atau terlalu besar (maksimal 40 megapiksel).',
  );
  expect(uploadsSent).toHaveLength(4);
  await refuse(admin, editor, choose(big), 'Ukuran berkas maksimal 20 MB.');
  expect(uploadsSent, 'the 50 MB file is refused before it is sent').toHaveLength(4);
  await expect(admin.getByText('Belum ada gambar sampul.')).toBeVisible();
  await look.expectClean(adminS, 'gambar sampul');

  // ---- Bank Dokumen (typed by content; names sanitised; stored by hash). ----
  const before = new Set(onDisk());
  const documentForm = async () => {
    await admin.goto('/admin/dokumen');
    await admin.getByRole('button', { name: 'Unggah Dokumen' }).click();
  };
  const berkas = admin.getByLabel('Berkas', { exact: true });
  const pick = (file: Upload) => () => berkas.setInputFiles(file);
  const unsupported = /Jenis berkas tidak didukung/;
  await refuse(admin, documentForm, pick({ ...elf, name: 'program.jpg' }), unsupported);
  await refuse(
    admin,
    documentForm,
    pick({ ...pe, name: 'laporan.pdf', mimeType: 'application/pdf' }),
    unsupported,
  );
  await refuse(admin, documentForm, pick(svg), unsupported);
  await refuse(admin, documentForm, pick(bomb), /terlalu besar \(maksimal 40 megapiksel\)/);
  const sentBefore = uploadsSent.length;
  await refuse(admin, documentForm, pick(big), 'Ukuran berkas maksimal 20 MB.');
  expect(uploadsSent, 'the 50 MB file is refused before it is sent').toHaveLength(sentBefore);
  const saved: string[] = [];
  for (const name of ['../../etc/passwd.pdf', '..\\..\\x.pdf']) {
    tried++;
    await documentForm();
    await berkas.setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfBytes() });
    await expect(admin.locator('.doc-chosen')).toBeVisible();
    const title = `Dokumen ${tag} ${saved.length + 1}`;
    await admin.getByLabel('Judul').fill(title);
    await admin.getByLabel('Kategori').selectOption('Lainnya');
    await admin.getByRole('button', { name: 'Unggah', exact: true }).click();
    await expect(admin.getByText(`Dokumen "${title}" disimpan.`)).toBeVisible();
    saved.push(title);
    neutralised++;
  }
  const api = admin.request;
  const listed = await ok<{
    items: { id: string; title: string; fileName: string; downloadUrl: string }[];
  }>(api.get(`/api/documents?q=${tag}`));
  expect(listed.items.map((d) => d.fileName).sort()).toEqual(['etc passwd.pdf', 'x.pdf']);
  for (const d of listed.items) {
    const res = await api.get(d.downloadUrl);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toBe(
      `attachment; filename="${d.fileName}"; filename*=UTF-8''${encodeURIComponent(d.fileName)}`,
    );
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  }
  // The same names straight to the API: accepted, stored under the hash, renamed.
  for (const name of ['../../etc/passwd.pdf', '..\\..\\x.pdf', '/etc/cron.d/x.pdf']) {
    tried++;
    const sent = pdfBytes();
    const stored = await ok<{ hash: string }>(
      api.post('/api/uploads/documents', {
        multipart: { file: { name, mimeType: 'application/pdf', buffer: sent } },
        headers: { origin: baseUrl() },
      }),
    );
    const doc = await ok<{ id: string; fileName: string }>(
      api.post('/api/documents', {
        data: {
          title: `Dokumen ${tag} api`,
          category: 'Lainnya',
          file: stored.hash,
          fileName: name,
        },
        headers: { origin: baseUrl() },
      }),
    );
    expect(doc.fileName).toMatch(/^[A-Za-z0-9][A-Za-z0-9 ._-]*\.pdf$/);
    // Stored under its hash: the document downloads as the bytes sent.
    const downloaded = await api.get(`/api/documents/${doc.id}/download`);
    expect(downloaded.status()).toBe(200);
    expect((await downloaded.body()).equals(sent)).toBe(true);
    neutralised++;
    listed.items.push({ ...doc, title: '', downloadUrl: '' });
  }
  // Nothing written to the server's disk outside its database; nothing named after the uploads
  // anywhere.
  expect(onDisk().filter((f) => !before.has(f))).toEqual([]);
  const work = path.dirname(dataDir);
  const everything = fs.readdirSync(work, { recursive: true, encoding: 'utf8' });
  expect(everything.filter((f) => /passwd|(^|[\\/])x\.pdf$|cron\.d/.test(f))).toEqual([]);
  for (const target of ['../../etc/passwd.pdf', '../x.pdf', '../../x.pdf'])
    for (const from of [dataDir, path.join(dataDir, 'pgdata')])
      expect(fs.existsSync(path.resolve(from, target)), target).toBe(false);
  await look.expectClean(adminS, 'bank dokumen');
  for (const d of listed.items)
    await ok(api.delete(`/api/documents/${d.id}`, { headers: { origin: baseUrl() } }), [200, 204]);

  // ---- 50 MB straight at the server: 413 before the body is read. ----
  tried++;
  const cookies = (await adminS.page.context().cookies()).map((c) => `${c.name}=${c.value}`);
  // One megabyte is sent, then nothing more: the answer must come without the other 49.
  const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL('/api/uploads/images', baseUrl());
    const req = http.request(url, {
      method: 'POST',
      headers: {
        origin: baseUrl(),
        cookie: cookies.join('; '),
        'content-type': 'multipart/form-data; boundary=batas',
        'content-length': String(50 * 1024 * 1024),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024 * 1024, 0x61));
  });
  expect(early.status).toBe(413);
  expect(JSON.parse(early.body).error.message).toBe('Ukuran berkas maksimal 20 MB.');
  refused++;

  // ---- Candidate photo and voter photo: the browser re-encodes any image to a JPEG. ----
  const master = await apiClient();
  await signInApi(master, E2E_MASTER.email, E2E_MASTER.password);
  const anonymous = await apiClient();
  const name = `Pemilihan Unggahan ${tag}`;
  await ok(
    anonymous.post('/api/election-requests', {
      data: {
        namaPemilihan: name,
        penyelenggara: 'HIMA Teknokimia Nuklir',
        deskripsi: 'Pemilihan untuk menguji unggahan foto kandidat.',
        waktuMulai: inFuture(86_400_000),
        waktuSelesai: inFuture(2 * 86_400_000),
        namaPemohon: 'Rina Pemohon',
        emailPemohon: `unggah.${tag.toLowerCase()}@mahasiswa.test`,
      },
    }),
    [201],
  );
  const pending = await ok<{ items: { id: string; namaPemilihan: string }[] }>(
    master.get('/api/election-requests?status=pending'),
  );
  const { kodeUndangan } = await ok<{ kodeUndangan: string }>(
    master.post(
      `/api/election-requests/${pending.items.find((r) => r.namaPemilihan === name)!.id}/approve`,
    ),
  );
  // The code works only for the address it was sent to: the requester's.
  const committee = {
    email: `unggah.${tag.toLowerCase()}@mahasiswa.test`,
    password: 'sandi-panitia-1',
  };
  const { electionId } = await ok<{ electionId: string }>(
    anonymous.post('/api/committee/register', {
      data: {
        kodeUndangan,
        namaLengkap: 'Bayu Panitia',
        email: committee.email,
        password: committee.password,
        confirmPassword: committee.password,
      },
    }),
    [201],
  );
  const committeeS = await openSession(browser, 'panitia', committee);
  const panitia = committeeS.page;
  const candidateForm = async () => {
    await panitia.goto(`/panitia/${electionId}/kandidat`);
    await panitia.getByRole('button', { name: 'Tambah Kandidat' }).click();
  };
  const unreadable = 'Berkas ini tidak dapat dibaca sebagai gambar.';
  /** The photo panel's hidden input, reached as a person does: "Ganti Foto" opens the chooser. */
  const photo = (page: Page, file: Upload) => async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^(Unggah|Ganti) Foto$/ }).click();
    await (await chooser).setFiles(file);
  };
  await refuse(panitia, candidateForm, photo(panitia, elf), unreadable);
  await refuse(panitia, candidateForm, photo(panitia, big), 'Ukuran foto maksimal 20 MB.');
  await refuse(panitia, candidateForm, photo(panitia, bomb), unreadable);
  // The SVG is drawn as a picture (its script never runs) and sent as a JPEG.
  tried++;
  await candidateForm();
  await photo(panitia, svg)();
  const preview = panitia.getByTestId('profile-photo');
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await panitia.getByLabel('Nama Ketua').fill('Andi Saputra');
  await panitia.getByRole('button', { name: 'Simpan', exact: true }).click();
  const card = panitia.getByRole('img', { name: 'Foto Andi Saputra' });
  await expect(card).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  neutralised++;
  await look.expectClean(committeeS, 'foto kandidat');

  const voter = newVoter();
  await ok(registerByApi(anonymous, voter), [202]);
  const voterS = await openSession(browser, 'pemilih', {
    email: voter.email,
    password: voter.password,
  });
  const own = voterS.page;
  const profile = () => own.goto('/profil-pemilih');
  await refuse(own, profile, photo(own, pe), unreadable);
  await refuse(own, profile, photo(own, bomb), unreadable);
  tried++;
  await profile();
  await photo(own, svg)();
  await expect(own.getByTestId('profile-photo')).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
  );
  await own.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(own.getByText('Profil berhasil diperbarui!')).toBeVisible();
  const me = await ok<{ voter: { foto: string } }>(own.request.get('/api/me'));
  expect(me.voter.foto).toMatch(/^data:image\/jpeg;base64,/);
  neutralised++;
  await look.expectClean(voterS, 'foto pemilih');

  for (const s of [adminS, committeeS, voterS]) await s.page.context().close();
  for (const c of [master, anonymous]) await c.dispose();
  expect(refused + neutralised).toBe(tried);
  figures.executions = look.findings;
  Object.assign(figures, {
    uploadsTried: tried,
    uploadsRefused: refused,
    uploadsNeutralised: neutralised,
  });
});
