import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { FILE_CHUNK_BYTES, readStoredFile } from '../../files/store.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { imageBytes, pngBomb } from '../../test/images.ts';

let app: TestApp;
let admin: TestClient;
let voter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInStaff(app, {
    email: 'admin.unggah@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Unggah',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Stored = { hash: string; url: string; contentType: string; width: number | null };

const upload = (client: TestClient, kind: 'images' | 'documents', bytes: Buffer, name: string) => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  return client.request('POST', `/api/uploads/${kind}`, { body: form });
};
const fileCount = async () => (await app.services.database.db.select().from(files)).length;
const storedBytes = async (hash: string) =>
  Buffer.from(
    await new Response(await readStoredFile(app.services.database.db, hash)).arrayBuffer(),
  );

describe('uploads', () => {
  it('takes uploads from admins only, before reading them, and stores nothing otherwise', async () => {
    const png = await imageBytes(200, 100, 'png');
    const before = await fileCount();
    expect((await upload(app.client(), 'images', png, 'a.png')).status).toBe(401);
    expect((await upload(voter, 'images', png, 'a.png')).status).toBe(403);
    expect((await upload(voter, 'documents', png, 'a.png')).status).toBe(403);
    expect(await fileCount()).toBe(before);
  });

  it('re-encodes an image into two JPEG sizes with its metadata gone, served with nosniff', async () => {
    const withExif = await sharp(await imageBytes(2400, 1200, 'jpeg', { noise: true }))
      .withMetadata({ exif: { IFD0: { Artist: 'Lokasi Rahasia', Copyright: 'GPS' } } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from('Lokasi Rahasia'))).toBe(true);
    const res = await upload(admin, 'images', withExif, 'foto.jpg');
    expect(res.status).toBe(201);
    const { large, small } = (await res.json()) as { large: Stored; small: Stored };
    expect([large.width, small.width]).toEqual([1600, 640]);
    const served = await app.client().get(large.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('Lokasi Rahasia'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('refuses what is not an image, an SVG with a script and a decompression bomb', async () => {
    const before = await fileCount();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const [bytes, name] of [
      [exe, 'program.jpg'],
      [svg, 'gambar.svg'],
      [pngBomb(), 'bom.png'],
    ] as const) {
      const res = await upload(admin, 'images', bytes, name);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.file, name).toMatch(/Gambar/);
    }
    expect(await fileCount()).toBe(before);
  });

  it('stores a PDF by its content, and refuses a renamed executable or an SVG as a document', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const res = await upload(admin, 'documents', pdf, 'laporan.pdf');
    expect(res.status).toBe(201);
    const stored = (await res.json()) as Stored & { extension: string };
    expect(stored).toMatchObject({ contentType: 'application/pdf', extension: 'pdf' });
    // A document file is reachable only through its document, never by its hash.
    expect((await app.client().get(stored.url)).status).toBe(404);
    expect((await admin.get(`/files/${stored.hash}`)).status).toBe(404);

    const before = await fileCount();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]);
    for (const [bytes, name] of [
      [exe, 'laporan.pdf'],
      [Buffer.from('<svg onload="alert(1)"/>'), 'x.svg'],
      [Buffer.from('hanya teks'), '../../etc/passwd'],
    ] as const) {
      const r = await upload(admin, 'documents', bytes, name);
      expect(r.status, name).toBe(400);
    }
    expect(await fileCount()).toBe(before);
  });

  it('strips the metadata of a picture kept as a document', async () => {
    const withExif = await sharp(await imageBytes(400, 300, 'jpeg', { noise: true }))
      .withMetadata({ exif: { IFD0: { Artist: 'Lokasi Rahasia' } } })
      .jpeg()
      .toBuffer();
    const res = await upload(admin, 'documents', withExif, 'denah.jpg');
    expect(res.status).toBe(201);
    const stored = (await res.json()) as Stored & { extension: string };
    expect(stored).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    const bytes = await storedBytes(stored.hash);
    expect(bytes.includes(Buffer.from('Lokasi Rahasia'))).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(400);
  });

  it('answers 413 to a file over 20 MB and 404 to an unknown or malformed file address', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024 + 10, 0x25);
    const res = await upload(admin, 'documents', big, 'besar.pdf');
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Ukuran berkas maksimal 20 MB.');
    expect((await app.client().get(`/files/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await app.client().get('/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('keeps the bytes in the database, whole over several pieces, with the same ETag everywhere', async () => {
    // A PDF of a few pieces (recognised by its header, stored as it came).
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      crypto.randomBytes(FILE_CHUNK_BYTES * 2 + 12_345),
    ]);
    const up = await upload(admin, 'documents', pdf, 'tebal.pdf');
    expect(up.status).toBe(201);
    const { hash } = (await up.json()) as Stored;
    expect(hash).toBe(crypto.createHash('sha256').update(pdf).digest('hex'));
    const created = await admin.request('POST', '/api/documents', {
      json: { title: 'Dokumen tebal', category: 'Formulir', file: hash },
    });
    expect(created.status).toBe(201);
    const { downloadUrl } = (await created.json()) as { downloadUrl: string };
    const res = await app.client().get(downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${hash}"`);
    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    // Nothing is written to this instance's disk: another instance serves the same bytes.
    expect(fs.existsSync(path.join(app.dataDir, 'files'))).toBe(false);
    // A browser that holds the file already is told so, without the bytes.
    const again = await app
      .client()
      .request('GET', downloadUrl, { headers: { 'If-None-Match': `"${hash}"` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await app
      .client()
      .request('GET', downloadUrl, { headers: { 'If-None-Match': `"${'0'.repeat(64)}"` } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();

    // An image the same way, by its address.
    const png = await upload(admin, 'images', await imageBytes(300, 200, 'png'), 'b.png');
    const { large } = (await png.json()) as { large: Stored };
    const image = await app.client().get(large.url);
    expect(image.headers.get('etag')).toBe(`"${large.hash}"`);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await image.arrayBuffer();
    const held = await app
      .client()
      .request('GET', large.url, { headers: { 'If-None-Match': `W/"${large.hash}"` } });
    expect(held.status).toBe(304);
  });
});
