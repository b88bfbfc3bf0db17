import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../content/documents/sample-pdf.ts';
import { fileChunks, files } from '../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { imageBytes } from '../test/images.ts';

let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInStaff(app, {
    email: 'admin.berkas@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Berkas',
    role: 'admin',
  });
});
afterAll(() => app.stop());

let n = 0;
async function uploadImage() {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await imageBytes(320 + ++n, 200, 'png'))]), 'a.png');
  const res = await admin.request('POST', '/api/uploads/images', { body: form });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { large: { hash: string }; small: { hash: string } };
  return { large: body.large.hash, small: body.small.hash };
}
async function article(
  cover: { large: string; small: string } | null,
  body = '<p>Isi berita.</p>',
) {
  const res = await admin.request('POST', '/api/admin/articles', {
    json: {
      title: `Berita berkas ${++n}`,
      summary: 'Ringkasan berita uji berkas.',
      category: 'Kegiatan',
      body,
      cover: cover?.large ?? null,
      coverSmall: cover?.small ?? null,
      action: 'draft',
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const served = async (hash: string) => (await app.client().get(`/files/${hash}`)).status;
/** Whether the file's bytes are still in the database. */
const stored = async (hash: string) =>
  (
    await app.services.database.db
      .select({ seq: fileChunks.seq })
      .from(fileChunks)
      .where(eq(fileChunks.hash, hash))
  ).length > 0;

describe('hardening 16: deleted files stop being served at once and leave the database', () => {
  it('an article cover is served while some article uses it, and gone with the last one', async () => {
    const cover = await uploadImage();
    const first = await article(cover);
    const second = await article(cover);
    expect(await served(cover.large)).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/articles/${first}`)).status).toBe(204);
    expect(await served(cover.large)).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/articles/${second}`)).status).toBe(204);
    expect(await served(cover.large)).toBe(404);
    expect(await served(cover.small)).toBe(404);
    expect(await stored(cover.large)).toBe(false);
    expect(await stored(cover.small)).toBe(false);
  });

  it('a replaced cover is gone; the new one stays', async () => {
    const [old, next] = [await uploadImage(), await uploadImage()];
    const id = await article(old);
    const res = await admin.request('PUT', `/api/admin/articles/${id}`, {
      json: {
        title: 'Berita berkas diganti',
        summary: 'Ringkasan berita uji berkas.',
        category: 'Kegiatan',
        body: '<p>Isi berita.</p>',
        cover: next.large,
        coverSmall: next.small,
        action: 'keep',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await served(old.large)).toBe(404);
    expect(await served(old.small)).toBe(404);
    expect(await served(next.large)).toBe(200);
    expect(await stored(old.large)).toBe(false);
    expect(await stored(next.large)).toBe(true);
  });

  it('a deleted document cannot be downloaded and leaves the database', async () => {
    const form = new FormData();
    form.set(
      'file',
      new Blob([new Uint8Array(await samplePdf('Berkas hapus', ['Isi.']))]),
      'hapus.pdf',
    );
    const up = await admin.request('POST', '/api/uploads/documents', { body: form });
    expect(up.status).toBe(201);
    const { hash } = (await up.json()) as { hash: string };
    const created = await admin.request('POST', '/api/documents', {
      json: { title: 'Dokumen untuk dihapus', category: 'Formulir', file: hash },
    });
    expect(created.status).toBe(201);
    const doc = (await created.json()) as { id: string; downloadUrl: string };
    expect((await app.client().get(doc.downloadUrl)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);
    expect((await app.client().get(doc.downloadUrl)).status).toBe(404);
    const rows = await app.services.database.db.select().from(files).where(eq(files.hash, hash));
    expect(rows).toEqual([]);
    expect(await stored(hash)).toBe(false);
  });

  it('a fresh upload that nothing uses yet is kept', async () => {
    const fresh = await uploadImage();
    expect(await stored(fresh.large)).toBe(true);
    expect(await served(fresh.large)).toBe(200);
  });
});
