import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, services } from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
let admin: TestClient;
let voter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  admin = await signedInStaff(app, {
    email: 'admin.layanan@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Layanan',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Service = {
  id: string;
  title: string;
  description: string;
  category: string;
  link: string;
  contact: string;
  hours: string;
  position: number;
  siblings: number;
};
type List = { items: Service[]; total: number };

let seq = 0;
async function addService(over: Record<string, unknown> = {}) {
  seq++;
  const res = await admin.request('POST', '/api/services', {
    json: {
      title: `Layanan Uji ${seq}`,
      description: 'Layanan untuk pengujian.',
      category: 'Aspirasi',
      link: 'https://forms.example.ac.id/aspirasi',
      contact: 'Sekretariat BEM',
      hours: 'Senin–Jumat, 08.00–16.00 WIB',
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Service;
}
const list = async (query = '') => {
  const res = await app.client().get(`/api/services?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as List;
};
const snapshot = async () => ({
  services: await db.select().from(services).orderBy(services.id),
  audit: (await db.select().from(auditLog)).length,
});

describe('Layanan', () => {
  it('lets only admins add, change, move and delete services, and refusals change nothing', async () => {
    const service = await addService();
    const before = await snapshot();
    const valid = { title: 'Layanan Penyusup', category: 'Aspirasi' };
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/services', valid],
      ['PUT', `/api/services/${service.id}`, valid],
      ['DELETE', `/api/services/${service.id}`],
      ['POST', `/api/services/${service.id}/move`, { direction: 'up' }],
    ];
    for (const [who, client, expected] of [
      ['anonymous', app.client(), 401],
      ['voter', voter, 403],
    ] as const) {
      for (const [method, url, json] of attempts) {
        const res = await client.request(method, url, { json });
        expect(res.status, `${who} ${method} ${url}`).toBe(expected);
        expect(((await res.json()) as ErrorBody).error.message).toMatch(/masuk|akses/i);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts only web, email, phone and WhatsApp links, with Indonesian field messages', async () => {
    const before = await snapshot();
    const hostile = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://files.example.com/a',
      '//evil.example.com',
      '/relatif/saja',
      'https://exa mple.com',
      'https://example.com/"onmouseover="alert(1)',
      'http://localhost',
      'mailto:bukan-email',
      'tel:panggil-saya',
      'https://' + 'a'.repeat(500) + '.com',
    ];
    for (const link of hostile) {
      const res = await admin.request('POST', '/api/services', {
        json: { title: 'Layanan Tautan', category: 'Lainnya', link },
      });
      expect(res.status, link).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.link, link).toMatch(/Tautan/);
    }
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '', category: 'Aspirasi' }, 'title', /Nama layanan wajib diisi/],
      [{ title: 'ab', category: 'Aspirasi' }, 'title', /minimal 3/],
      [{ title: 'Layanan <b>', category: 'Aspirasi' }, 'title', /< atau >/],
      [{ title: 'Layanan Baik', category: 'Rahasia' }, 'category', /kategori/i],
      [{ title: 'Layanan Baik' }, 'category', /kategori/i],
      [{ title: 'Layanan Baik', category: 'Aspirasi', contact: '<script>' }, 'contact', /Kontak/],
      [{ title: 'Layanan Baik', category: 'Aspirasi', hours: 'x'.repeat(201) }, 'hours', /200/],
      [
        { title: 'Layanan Baik', category: 'Aspirasi', description: 'd'.repeat(1001) },
        'description',
        /1000/,
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await admin.request('POST', '/api/services', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field], field).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);

    for (const link of [
      'https://wa.me/6281234567890',
      'whatsapp://send?phone=6281234567890',
      'mailto:advokasi@bem.ac.id?subject=Pengaduan',
      'tel:+62274-489716',
      'http://bem.poltek.ac.id/aspirasi',
      '',
    ]) {
      const s = await addService({ link, title: `Tautan ${link.slice(0, 20) || 'kosong'}` });
      expect(s.link).toBe(link);
    }
  });

  it('orders services by hand within a category and groups categories in their fixed order', async () => {
    const category = 'Konseling';
    const a = await addService({ category, title: 'Urut A' });
    const b = await addService({ category, title: 'Urut B' });
    const c = await addService({ category, title: 'Urut C' });
    const order = async () =>
      (await list(`category=${category}`)).items
        .filter((s) => s.title.startsWith('Urut'))
        .map((s) => [s.title.slice(-1), s.position, s.siblings]);
    expect(await order()).toEqual([
      ['A', 1, 3],
      ['B', 2, 3],
      ['C', 3, 3],
    ]);
    const move = (id: string, direction: string) =>
      admin.request('POST', `/api/services/${id}/move`, { json: { direction } });
    expect((await move(b.id, 'up')).status).toBe(204);
    expect((await move(a.id, 'down')).status).toBe(204);
    expect((await order()).map((o) => o[0])).toEqual(['B', 'C', 'A']);
    const before = await snapshot();
    const last = await move(a.id, 'down');
    expect(last.status).toBe(409);
    expect(((await last.json()) as ErrorBody).error.message).toMatch(/urutan terakhir/);
    expect((await move(b.id, 'up')).status).toBe(409);
    expect((await move(c.id, 'atas')).status).toBe(400);
    expect(await snapshot()).toEqual(before);

    await addService({ category: 'Advokasi & Kesejahteraan', title: 'Advokasi Urutan' });
    const categories = [...new Set((await list()).items.map((s) => s.category))];
    expect(categories.indexOf('Advokasi & Kesejahteraan')).toBeLessThan(
      categories.indexOf('Aspirasi'),
    );
    expect(categories.indexOf('Aspirasi')).toBeLessThan(categories.indexOf('Konseling'));

    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, b.id))
      .orderBy(auditLog.seq);
    expect(entries.map((e) => [e.entityType, e.action, e.summary])).toEqual([
      ['service', 'service.created', 'Menambahkan layanan "Urut B" (Konseling)'],
      ['service', 'service.moved', 'Memindahkan layanan "Urut B" ke urutan 1 dari 3 di Konseling'],
    ]);
  });

  it('edits and deletes with an audit entry each; everyone reads with search and a limit', async () => {
    const s = await addService({ title: 'Peminjaman Alat Lama', category: 'Lainnya' });
    const res = await admin.request('PUT', `/api/services/${s.id}`, {
      json: {
        title: 'Peminjaman Alat',
        description: 'Pinjam proyektor, sound system dan tenda untuk kegiatan mahasiswa.',
        category: 'Fasilitas & Peminjaman',
        link: 'https://wa.me/6281234567890',
        contact: 'Kementerian Dalam Negeri BEM',
        hours: 'Senin–Jumat, 09.00–15.00 WIB',
      },
    });
    expect(res.status).toBe(200);
    const changed = (await res.json()) as Service;
    expect(changed).toMatchObject({
      category: 'Fasilitas & Peminjaman',
      link: 'https://wa.me/6281234567890',
    });
    expect(changed.position).toBe(changed.siblings);

    const found = await list('q=proyektor');
    expect(found.items.map((i) => i.id)).toEqual([s.id]);
    expect((await list('q=%25')).total).toBe(0);
    const limited = await list('limit=2');
    expect(limited.items).toHaveLength(2);
    expect(limited.total).toBeGreaterThan(2);
    const page2 = await list('limit=2&page=2');
    expect(page2.items.map((i) => i.id)).not.toContain(limited.items[0]!.id);
    for (const q of ['limit=0', 'limit=101', 'category=Rahasia', 'page=-1'])
      expect((await app.client().get(`/api/services?${q}`)).status, q).toBe(400);

    expect((await admin.request('DELETE', `/api/services/${s.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/services/${s.id}`)).status).toBe(404);
    expect(
      (
        await admin.request('PUT', `/api/services/${s.id}`, {
          json: { title: 'Tidak Ada', category: 'Lainnya' },
        })
      ).status,
    ).toBe(404);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, s.id))
      .orderBy(auditLog.seq);
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['service.created', 'Menambahkan layanan "Peminjaman Alat Lama" (Lainnya)'],
      ['service.updated', 'Mengubah layanan "Peminjaman Alat"'],
      ['service.deleted', 'Menghapus layanan "Peminjaman Alat"'],
    ]);
    expect(entries[1]!.details).toMatchObject({
      changed: ['title', 'description', 'category', 'link', 'contact', 'hours'],
    });
  });

  it('never sends a link of another kind, even one stored behind the rules', async () => {
    const s = await addService({ title: 'Tautan Lama', category: 'Lainnya' });
    await db.update(services).set({ link: 'javascript:alert(1)' }).where(eq(services.id, s.id));
    const found = (await list('q=Tautan%20Lama')).items[0]!;
    expect(found.link).toBe('');
  });

  it('declares every route of documents and services in the API reference', async () => {
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/services'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/services/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(doc.paths['/api/services/{id}/move']).toHaveProperty('post');
    expect(Object.keys(doc.paths['/api/documents'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/documents/latest']).toHaveProperty('get');
    expect(doc.paths['/api/documents/{id}/download']).toHaveProperty('get');
    expect(doc.paths['/api/documents/{id}/move']).toHaveProperty('post');
  });
});
