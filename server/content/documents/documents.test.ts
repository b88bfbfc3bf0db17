import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from './sample-pdf.ts';
import { auditLog, documents } from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { imageBytes } from '../../test/images.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
let admin: TestClient;
let voter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  admin = await signedInStaff(app, {
    email: 'admin.dokumen@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Dokumen',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Doc = {
  id: string;
  title: string;
  description: string;
  category: string;
  file: string;
  fileName: string;
  contentType: string;
  extension: string;
  size: number;
  sortOrder: number;
  position: number;
  siblings: number;
  downloadUrl: string;
  viewUrl: string | null;
};
type List = { items: Doc[]; total: number };

async function upload(kind: 'documents' | 'images', bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await admin.request('POST', `/api/uploads/${kind}`, { body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json() as Promise<{
    hash: string;
    originalName: string;
    large?: { hash: string };
  }>;
}

let seq = 0;
/** Uploads a fresh PDF and adds a document for it. */
async function addDocument(over: Record<string, unknown> = {}) {
  seq++;
  const pdf = await samplePdf(`Dokumen Uji ${seq}`, ['Isi dokumen uji.']);
  const stored = await upload('documents', pdf, `uji-${seq}.pdf`);
  const res = await admin.request('POST', '/api/documents', {
    json: { title: `Dokumen Uji ${seq}`, category: 'Formulir', file: stored.hash, ...over },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { doc: (await res.json()) as Doc, pdf };
}

const list = async (query: string) => {
  const res = await app.client().get(`/api/documents?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as List;
};
const snapshot = async () => ({
  documents: await db.select().from(documents).orderBy(documents.id),
  audit: (await db.select().from(auditLog)).length,
});
const auditOf = (id: string) =>
  db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, id))
    .orderBy(asc(auditLog.seq))
    .then((rows) => rows.filter((r) => r.entityType === 'document'));

describe('Bank Dokumen', () => {
  it('lets only admins add, change, move and delete documents, and refusals change nothing', async () => {
    const { doc } = await addDocument();
    const pdf = await upload('documents', await samplePdf('Lain', ['x']), 'lain.pdf');
    const before = await snapshot();
    const valid = { title: 'Dokumen Penyusup', category: 'AD/ART', file: pdf.hash };
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/documents', valid],
      ['PUT', `/api/documents/${doc.id}`, valid],
      ['DELETE', `/api/documents/${doc.id}`],
      ['POST', `/api/documents/${doc.id}/move`, { direction: 'up' }],
    ];
    for (const [who, client, expected] of [
      ['anonymous', app.client(), 401],
      ['voter', voter, 403],
    ] as const) {
      for (const [method, url, json] of attempts) {
        const res = await client.request(method, url, { json });
        expect(res.status, `${who} ${method} ${url}`).toBe(expected);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.message).toMatch(/masuk|akses/i);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('validates a document with Indonesian field messages and stores nothing invalid', async () => {
    const before = await snapshot();
    const pdf = await upload('documents', await samplePdf('Validasi', ['x']), 'v.pdf');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '', category: 'AD/ART', file: pdf.hash }, 'title', /Judul wajib diisi/],
      [{ title: 'ab', category: 'AD/ART', file: pdf.hash }, 'title', /minimal 3/],
      [{ title: 'x'.repeat(151), category: 'AD/ART', file: pdf.hash }, 'title', /maksimal 150/],
      [{ title: '<script>x</script>', category: 'AD/ART', file: pdf.hash }, 'title', /< atau >/],
      [{ title: 'Judul Baik', category: 'Rahasia', file: pdf.hash }, 'category', /kategori/i],
      [{ title: 'Judul Baik', category: 'AD/ART', file: 'abc' }, 'file', /Unggah berkas/],
      [{ title: 'Judul Baik', category: 'AD/ART' }, 'file', /Unggah berkas/],
      [
        { title: 'Judul Baik', category: 'AD/ART', file: pdf.hash, description: 'a<b>' },
        'description',
        /< atau >/,
      ],
      [
        { title: 'Judul Baik', category: 'AD/ART', file: pdf.hash, fileName: 'n'.repeat(201) },
        'fileName',
        /maksimal 200/,
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await admin.request('POST', '/api/documents', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.[field], field).toMatch(message);
    }
    const bad = await admin.request('PUT', '/api/documents/bukan-uuid', {
      json: { title: 'Judul Baik', category: 'AD/ART', file: pdf.hash },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields?.id).toMatch(/ID dokumen tidak valid/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a document pointing at an image rendition or at a hash never uploaded', async () => {
    const image = await upload('images', await imageBytes(400, 300, 'png'), 'foto.png');
    const { doc } = await addDocument();
    const before = await snapshot();
    for (const [file, message] of [
      [image.large!.hash, /bukan dokumen/],
      ['f'.repeat(64), /tidak ditemukan/],
    ] as const) {
      const json = { title: 'Dokumen Palsu', category: 'Lainnya', file };
      const created = await admin.request('POST', '/api/documents', { json });
      expect(created.status).toBe(400);
      expect(((await created.json()) as ErrorBody).error.fields?.file).toMatch(message);
      const replaced = await admin.request('PUT', `/api/documents/${doc.id}`, { json });
      expect(replaced.status).toBe(400);
      expect(((await replaced.json()) as ErrorBody).error.fields?.file).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('downloads an uploaded PDF byte for byte under its name, and shows it inline when asked', async () => {
    const pdf = await samplePdf('AD/ART BEM 2025', ['Anggaran Dasar dan Anggaran Rumah Tangga.']);
    const stored = await upload('documents', pdf, 'AD-ART 2025 final.pdf');
    expect(stored.originalName).toBe('AD-ART 2025 final.pdf');
    const res = await admin.request('POST', '/api/documents', {
      json: {
        title: 'AD/ART BEM 2025',
        description: 'Anggaran dasar yang berlaku.',
        category: 'AD/ART',
        file: stored.hash,
        fileName: stored.originalName,
      },
    });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Doc;
    expect(doc).toMatchObject({
      fileName: 'AD-ART 2025 final.pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
      size: pdf.length,
      viewUrl: `/api/documents/${doc.id}/download?inline=1`,
    });

    const download = await app.client().get(doc.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="AD-ART 2025 final.pdf"; filename*=UTF-8''AD-ART%202025%20final.pdf`,
    );
    expect(download.headers.get('cache-control')).toBe('no-cache');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    const inline = await app.client().get(doc.viewUrl!);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="AD-ART/);
    expect(Buffer.from(await inline.arrayBuffer()).equals(pdf)).toBe(true);

    // The title names the download when no file name is given.
    const untitled = await admin.request('POST', '/api/documents', {
      json: {
        title: 'LPJ Kabinet Sinergi',
        category: 'Laporan Pertanggungjawaban',
        file: stored.hash,
      },
    });
    expect(((await untitled.json()) as Doc).fileName).toBe('LPJ Kabinet Sinergi.pdf');

    expect((await app.client().get(`/api/documents/${crypto.randomUUID()}/download`)).status).toBe(
      404,
    );
    expect((await app.client().get(`${doc.downloadUrl}?inline=ya`)).status).toBe(400);
  });

  it('never shows anything but a PDF inline, and names it by the type of its content', async () => {
    const png = await imageBytes(120, 80, 'png');
    const stored = await upload('documents', png, 'denah.pdf');
    const res = await admin.request('POST', '/api/documents', {
      json: {
        title: 'Denah Sekretariat',
        category: 'Lainnya',
        file: stored.hash,
        fileName: 'denah.pdf',
      },
    });
    const doc = (await res.json()) as Doc;
    expect(doc).toMatchObject({ contentType: 'image/png', extension: 'png', viewUrl: null });
    expect(doc.fileName).toBe('denah.pdf.png');
    const inline = await app.client().get(`${doc.downloadUrl}?inline=1`);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('content-disposition')).toMatch(
      /^attachment; filename="denah.pdf.png"/,
    );
    expect(Buffer.from(await inline.arrayBuffer()).equals(png)).toBe(true);
  });

  it('keeps hostile file names out of headers and paths', async () => {
    const hostile = [
      ['../../etc/passwd', 'etc passwd.pdf'],
      ['..\\..\\windows\\system32\\cmd.exe', 'windows system32 cmd.exe.pdf'],
      ['laporan\r\nSet-Cookie: sesi=curian\r\n.pdf', 'laporan Set-Cookie sesi curian.pdf'],
      ['"; filename=evil.html', 'filename evil.html.pdf'],
      ['%2e%2e%2fpasswd', '2e 2e 2fpasswd.pdf'],
      ['Laporan Keuangan Ñoño – 2025.pdf', 'Laporan Keuangan Nono 2025.pdf'],
      ['....', 'Nama Aman.pdf'],
    ] as const;
    for (const [fileName, expected] of hostile) {
      const { doc } = await addDocument({ fileName, title: 'Nama Aman' });
      expect(doc.fileName, fileName).toBe(expected);
      const res = await app.client().get(doc.downloadUrl);
      expect(res.status).toBe(200);
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toBe(
        `attachment; filename="${expected}"; filename*=UTF-8''${encodeURIComponent(expected)}`,
      );
      expect(disposition).not.toMatch(/[\r\n/\\]/);
      expect(res.headers.get('set-cookie')).toBeNull();
      await res.arrayBuffer();
    }
    // A hostile title is refused, so it never becomes a name either.
    const res = await admin.request('POST', '/api/documents', {
      json: { title: '<img src=x onerror=alert(1)>', category: 'Lainnya', file: 'a'.repeat(64) },
    });
    expect(res.status).toBe(400);
  });

  it('orders documents by hand within a category, and says when one cannot move further', async () => {
    const category = 'Surat Keputusan';
    const a = (await addDocument({ category, title: 'SK Urut A' })).doc;
    const b = (await addDocument({ category, title: 'SK Urut B' })).doc;
    const c = (await addDocument({ category, title: 'SK Urut C' })).doc;
    const order = async () =>
      (await list(`category=${encodeURIComponent(category)}&pageSize=50`)).items
        .filter((d) => d.title.startsWith('SK Urut'))
        .map((d) => [d.title.slice(-1), d.position, d.siblings]);
    expect(await order()).toEqual([
      ['A', 1, 3],
      ['B', 2, 3],
      ['C', 3, 3],
    ]);

    const move = (id: string, direction: string) =>
      admin.request('POST', `/api/documents/${id}/move`, { json: { direction } });
    expect((await move(c.id, 'up')).status).toBe(204);
    expect((await move(a.id, 'down')).status).toBe(204);
    expect((await order()).map((o) => o[0])).toEqual(['C', 'A', 'B']);

    const before = await snapshot();
    const first = await move(c.id, 'up');
    expect(first.status).toBe(409);
    expect(((await first.json()) as ErrorBody).error.message).toMatch(/urutan pertama/);
    expect((await move(b.id, 'down')).status).toBe(409);
    const sideways = await move(b.id, 'kiri');
    expect(sideways.status).toBe(400);
    expect(((await sideways.json()) as ErrorBody).error.fields?.direction).toMatch(/Arah/);
    expect((await move(crypto.randomUUID(), 'up')).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    // Other categories keep their order; the move is in the activity history.
    expect((await list('category=Formulir&pageSize=50')).items.every((d) => d.position >= 1)).toBe(
      true,
    );
    const moved = await auditOf(c.id);
    expect(moved.map((e) => e.action)).toEqual(['document.created', 'document.moved']);
    expect(moved[1]!.summary).toBe(
      'Memindahkan dokumen "SK Urut C" ke urutan 2 dari 3 di Surat Keputusan',
    );
    expect(moved[1]!.actorName).toBe('Admin Dokumen');
  });

  it('edits details, replaces the file and deletes, each with an audit entry', async () => {
    const { doc } = await addDocument({ title: 'Program Kerja Lama', category: 'Program Kerja' });
    const newPdf = await samplePdf('Program Kerja 2026', ['Revisi.']);
    const stored = await upload('documents', newPdf, 'proker-2026.pdf');
    const res = await admin.request('PUT', `/api/documents/${doc.id}`, {
      json: {
        title: 'Program Kerja 2026',
        description: 'Revisi setelah rapat kerja.',
        category: 'AD/ART',
        file: stored.hash,
        fileName: 'proker-2026.pdf',
      },
    });
    expect(res.status).toBe(200);
    const changed = (await res.json()) as Doc;
    expect(changed).toMatchObject({
      title: 'Program Kerja 2026',
      category: 'AD/ART',
      file: stored.hash,
      fileName: 'proker-2026.pdf',
    });
    // Moved to another category: it goes last there.
    expect(changed.position).toBe(changed.siblings);
    const download = await app.client().get(changed.downloadUrl);
    expect(Buffer.from(await download.arrayBuffer()).equals(newPdf)).toBe(true);

    expect((await admin.request('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/documents/${doc.id}`)).status).toBe(404);
    expect((await app.client().get(changed.downloadUrl)).status).toBe(404);
    expect(await db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(0);
    const entries = await auditOf(doc.id);
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['document.created', 'Menambahkan dokumen "Program Kerja Lama" (Program Kerja)'],
      ['document.updated', 'Mengganti berkas dokumen "Program Kerja 2026"'],
      ['document.deleted', 'Menghapus dokumen "Program Kerja 2026"'],
    ]);
    expect(entries[1]!.details).toMatchObject({
      changed: ['title', 'description', 'category', 'file', 'fileName'],
    });
    expect(entries.every((e) => e.actorRole === 'admin')).toBe(true);
  });

  it('lists for everyone with search, category and type filters, pages, and the latest few', async () => {
    const tag = `Cari${Date.now()}`;
    for (let i = 1; i <= 5; i++)
      await addDocument({ title: `Notulen ${tag} ${i}`, category: 'Notulensi' });
    const png = await upload('documents', await imageBytes(60, 60, 'png'), 'foto.png');
    await admin.request('POST', '/api/documents', {
      json: { title: `Foto ${tag}`, category: 'Notulensi', file: png.hash },
    });

    const all = await list(`q=${tag}&pageSize=50`);
    expect(all.total).toBe(6);
    const pdfs = await list(`q=${tag}&type=pdf`);
    expect(pdfs.total).toBe(5);
    expect(pdfs.items.every((d) => d.contentType === 'application/pdf')).toBe(true);
    expect((await list(`q=${tag}&type=gambar`)).items.map((d) => d.title)).toEqual([`Foto ${tag}`]);
    expect((await list(`q=${tag}&category=AD%2FART`)).total).toBe(0);
    expect((await list(`q=${tag.toLowerCase()}%203`)).items.map((d) => d.title)).toEqual([
      `Notulen ${tag} 3`,
    ]);
    // LIKE wildcards in the search are taken literally.
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);

    const page1 = await list(`q=${tag}&pageSize=4&page=1`);
    const page2 = await list(`q=${tag}&pageSize=4&page=2`);
    expect([page1.items.length, page2.items.length, page2.total]).toEqual([4, 2, 6]);
    expect(new Set([...page1.items, ...page2.items].map((d) => d.id)).size).toBe(6);

    // Categories come in the fixed order of the Bank Dokumen.
    const everything = await list('pageSize=50');
    const order = ['AD/ART', 'Laporan Pertanggungjawaban', 'Program Kerja', 'Surat Keputusan'];
    const seen = [...new Set(everything.items.map((d) => d.category))];
    expect(seen.filter((c) => order.includes(c))).toEqual(order.filter((c) => seen.includes(c)));

    const latest = await app.client().get('/api/documents/latest?limit=2');
    const { items } = (await latest.json()) as { items: Doc[] };
    expect(items.map((d) => d.title)).toEqual([`Foto ${tag}`, `Notulen ${tag} 5`]);

    for (const q of [
      'type=exe',
      'category=Rahasia',
      'page=0',
      'pageSize=51',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await app.client().get(`/api/documents?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as ErrorBody).error.message).not.toMatch(/expected|invalid/i);
    }
    for (const q of ['limit=0', 'limit=13', 'limit=dua'])
      expect((await app.client().get(`/api/documents/latest?${q}`)).status, q).toBe(400);
  });
});
