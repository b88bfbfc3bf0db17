import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from './slugs.ts';
import { articles, auditLog } from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { imageBytes } from '../../test/images.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
let admin: TestClient;
let voter: TestClient;
let cover: { large: string; small: string };

/** The built page the server fills meta tags into (as vite leaves web/index.html). */
const INDEX_HTML = `<!doctype html>
<html lang="id">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Situs resmi dan e-voting Badan Eksekutif Mahasiswa Politeknik Teknologi Nuklir Indonesia, Yogyakarta."
    />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>BEM Poltek Nuklir</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  fs.writeFileSync(path.join(app.services.env.webDist, 'index.html'), INDEX_HTML);
  admin = await signedInStaff(app, {
    email: 'admin.berita@bem.test',
    password: 'sandi-admin-1',
    name: 'Rina Redaksi',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await imageBytes(1200, 630, 'png'))]), 'sampul.png');
  const res = await admin.request('POST', '/api/uploads/images', { body: form });
  expect(res.status).toBe(201);
  const stored = (await res.json()) as { large: { hash: string }; small: { hash: string } };
  cover = { large: stored.large.hash, small: stored.small.hash };
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type AdminArticle = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  category: string;
  state: 'draft' | 'scheduled' | 'published';
  publishedAt: string | null;
  authorName: string;
  cover: string | null;
  coverSmall: string | null;
  coverUrl: string | null;
  coverSmallUrl: string | null;
};
type Card = {
  slug: string;
  title: string;
  summary: string;
  category: string;
  coverUrl: string | null;
  coverSmallUrl: string | null;
  publishedAt: string;
  authorName: string;
};
type PublicList = { items: Card[]; total: number; page: number; pageSize: number };

let seq = 0;
const input = (overrides: Record<string, unknown> = {}) => ({
  title: `Kegiatan Bakti Sosial Mahasiswa ${++seq}`,
  summary: 'Mahasiswa Poltek Nuklir berbagi dengan warga sekitar kampus.',
  category: 'Kegiatan',
  body: '<p>Kegiatan berlangsung meriah di Babarsari.</p>',
  cover: null,
  coverSmall: null,
  action: 'draft',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<AdminArticle> {
  const res = await admin.request('POST', '/api/admin/articles', { json: input(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AdminArticle;
}

const rowOf = async (id: string) =>
  (await db.select().from(articles).where(eq(articles.id, id)))[0];
const allRows = () => db.select().from(articles).orderBy(articles.id);
const auditCount = async () => (await db.select().from(auditLog)).length;
const auditOf = (id: string) =>
  db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.seq);
const publicList = async (query = '') =>
  (await (await app.client().get(`/api/articles${query}`)).json()) as PublicList;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('who may change articles', () => {
  it('refuses every admin operation to anonymous people (401) and voters (403), changing nothing', async () => {
    const draft = await create();
    const published = await create({ action: 'publish' });
    const before = await allRows();
    const auditBefore = await auditCount();
    const base = '/api/admin/articles';
    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/${draft.id}`],
      ['POST', base, input({ action: 'publish' })],
      ['PUT', `${base}/${draft.id}`, input({ title: 'Judul Diganti Penyusup', action: 'publish' })],
      ['PUT', `${base}/${published.id}`, input({ action: 'draft' })],
      ['POST', `${base}/${draft.id}/publication`, { action: 'publish' }],
      ['POST', `${base}/${published.id}/publication`, { action: 'draft' }],
      ['DELETE', `${base}/${published.id}`],
      ['POST', `${base}/preview`, input()],
    ];
    for (const [who, client, expected] of [
      ['anonymous', app.client(), 401],
      ['voter', voter, 403],
    ] as const) {
      for (const [method, url, json] of attempts) {
        const res = await client.request(method, url, json === undefined ? {} : { json });
        expect(res.status, `${who} ${method} ${url}`).toBe(expected);
        expect(((await res.json()) as ErrorBody).error.message).toMatch(/masuk|akses/i);
      }
    }
    expect(await allRows()).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);
    // The public still sees the published one and not the draft.
    expect((await app.client().get(`/api/articles/${published.slug}`)).status).toBe(200);
    expect((await app.client().get(`/api/articles/${draft.slug}`)).status).toBe(404);
  });

  it('writes one audit entry about the article for every admin change', async () => {
    const a = await create({ title: 'Rapat Kerja Kabinet Harmoni' });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const steps: [string, string, unknown?][] = [
      ['PUT', `/api/admin/articles/${a.id}`, input({ title: 'Rapat Kerja Kabinet Harmoni 2026' })],
      ['POST', `/api/admin/articles/${a.id}/publication`, { action: 'publish' }],
      ['POST', `/api/admin/articles/${a.id}/publication`, { action: 'draft' }],
      ['POST', `/api/admin/articles/${a.id}/publication`, { action: 'schedule', publishAt: at }],
      ['DELETE', `/api/admin/articles/${a.id}`],
    ];
    for (const [method, url, json] of steps) {
      const res = await admin.request(method, url, json === undefined ? {} : { json });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
    }
    const entries = await auditOf(a.id);
    expect(entries.map((e) => e.action)).toEqual([
      'article.created',
      'article.updated',
      'article.published',
      'article.unpublished',
      'article.scheduled',
      'article.deleted',
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({ entityType: 'article', actorName: 'Rina Redaksi' });
      expect(e.summary).toMatch(/berita "Rapat Kerja Kabinet Harmoni/);
    }
    expect(entries[4]!.summary).toMatch(/WIB$/);
  });
});

describe('validation', () => {
  it('refuses invalid articles with Indonesian field messages and stores nothing', async () => {
    const before = await allRows();
    const auditBefore = await auditCount();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '' }, 'title', /Judul wajib diisi/],
      [{ title: 'Abc' }, 'title', /Judul minimal 5 karakter/],
      [{ title: 'x'.repeat(151) }, 'title', /Judul maksimal 150 karakter/],
      [{ title: 42 }, 'title', /Judul wajib diisi/],
      [{ summary: 'r'.repeat(301) }, 'summary', /Ringkasan maksimal 300 karakter/],
      [{ category: 'Gosip' }, 'category', /kategori/],
      [{ body: `<p>${'a'.repeat(100_001)}</p>` }, 'body', /terlalu panjang/],
      [{ action: 'terbitkan' }, 'action', /Tindakan penerbitan/],
      [{ action: 'schedule' }, 'publishAt', /Waktu terbit wajib diisi/],
      [{ action: 'schedule', publishAt: 'besok pagi' }, 'publishAt', /Waktu terbit tidak valid/],
      [{ action: 'schedule', publishAt: '2020-01-01T08:00:00+07:00' }, 'publishAt', /masa depan/],
      [{ cover: cover.large }, 'cover', /besar dan kecil/],
      [{ cover: 'bukan-hash', coverSmall: cover.small }, 'cover', /Gambar sampul tidak valid/],
      [
        { cover: 'a'.repeat(64), coverSmall: 'b'.repeat(64) },
        'cover',
        /Gambar sampul tidak ditemukan/,
      ],
      [{ action: 'publish', body: '<p> </p><script>x()</script>' }, 'body', /Isi berita wajib/],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await admin.request('POST', '/api/admin/articles', { json: input(overrides) });
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.[field], field).toMatch(message);
    }
    // The same rules when changing an article.
    const a = await create();
    const res = await admin.request('PUT', `/api/admin/articles/${a.id}`, {
      json: input({ title: ' ', summary: 's'.repeat(400) }),
    });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as ErrorBody).error.fields!;
    expect(fields.title).toMatch(/Judul wajib diisi/);
    expect(fields.summary).toMatch(/maksimal 300/);
    const emptied = await admin.request('POST', `/api/admin/articles/${a.id}/publication`, {
      json: { action: 'schedule' },
    });
    expect(emptied.status).toBe(400);
    expect((await rowOf(a.id))!.title).toBe(a.title);
    expect(await allRows()).toHaveLength(before.length + 1);
    expect(await auditCount()).toBe(auditBefore + 1);
    // Unknown ids and malformed ones.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/admin/articles/${missing}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/articles/${missing}`)).status).toBe(404);
    const malformed = await admin.get('/api/admin/articles/bukan-id');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.message).toMatch(/ID berita tidak valid/);
  });

  it('keeps a published article readable: emptying its body is refused', async () => {
    const a = await create({ action: 'publish' });
    const res = await admin.request('PUT', `/api/admin/articles/${a.id}`, {
      json: input({ title: a.title, body: '<p></p>', action: 'keep' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.body).toMatch(/Isi berita wajib/);
    expect((await rowOf(a.id))!.body).toBe(a.body);
  });
});

describe('the body is sanitised before it is stored', () => {
  const corpus = [
    '<script>window.__xss=1</script>',
    '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
    '<img src=x onerror="window.__xss=1">',
    '<p onclick="window.__xss=1" onmouseover="window.__xss=1">klik</p>',
    '<a href="javascript:window.__xss=1">tautan</a>',
    '<a href="JaVaScRiPt:alert(1)">tautan</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">tautan</a>',
    '<a href="&#x6A;avascript&colon;alert(1)">tautan</a>',
    '<a href="java\tscript:alert(1)">tautan</a>',
    '<a href=" javascript:alert(1)">tautan</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">tautan</a>',
    '<a href="vbscript:msgbox(1)">tautan</a>',
    '<a href="//evil.example/">tautan</a>',
    '<svg onload="window.__xss=1"><circle r="5"/></svg>',
    '<svg><script>window.__xss=1</script></svg>',
    '<iframe src="https://evil.example/"></iframe>',
    '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
    '<object data="https://evil.example/x.swf"></object><embed src="x.swf">',
    '<p style="background:url(javascript:alert(1))">gaya</p>',
    '<div style="position:fixed;inset:0">tutup layar</div>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<form action="javascript:alert(1)"><button>kirim</button></form>',
    '<input autofocus onfocus="window.__xss=1">',
    '<details open ontoggle="window.__xss=1">x</details>',
    '<video><source onerror="window.__xss=1"></video>',
    '<body onload="window.__xss=1">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<a href="https://bem.example/" onclick="window.__xss=1" style="color:red">aman</a>',
    '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
    '<!--<img src=x onerror=alert(1)>--><p>komentar</p>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  ];
  const dangerous =
    /<script|<img|<svg|<iframe|<object|<embed|<style|<form|<input|<math|<video|<meta|<base|<body|\son[a-z]+\s*=|javascript:|vbscript:|data:|style=|srcdoc/i;

  it('removes every script, handler, frame, style and unsafe address from a corpus of payloads', async () => {
    for (const payload of corpus) {
      const a = await create({ body: `<p>Awal</p>${payload}<p>Akhir</p>` });
      const stored = (await rowOf(a.id))!.body;
      expect(stored, payload).not.toMatch(dangerous);
      expect(stored, payload).toContain('<p>Awal</p>');
      expect(a.body).toBe(stored);
      // Every link left points to http(s) or mailto and opens safely.
      for (const m of stored.matchAll(/<a\b[^>]*>/g)) {
        expect(m[0], payload).toMatch(
          /^<a href="(https?:\/\/|mailto:)[^"]*" rel="noopener noreferrer" target="_blank">$/,
        );
      }
    }
  });

  it('keeps the allowed markup and makes links safe, on creation and on change', async () => {
    const html =
      '<h1>Judul Besar</h1><h2>Sub</h2><h3>Subsub</h3><p><strong>tebal</strong> <em>miring</em> <u>garis</u> <s>coret</s> <b>b</b> <i>i</i></p>' +
      '<ul><li>satu</li></ul><ol><li>dua</li></ol><blockquote><p>kutipan</p></blockquote><pre><code>kode()</code></pre><hr><p>baris<br>baru</p>' +
      '<p><a href="https://poltek.ac.id/berita?id=1&amp;x=2" target="_self" rel="opener" class="x">situs</a> <a href="mailto:bem@poltek.ac.id">surel</a> <a href="http://contoh.id">http</a></p>' +
      '<p>&lt;img src=x onerror="window.__xss=1"&gt; sebagai teks</p>';
    const a = await create({ body: html });
    expect(a.body).toBe(
      '<h2>Judul Besar</h2><h2>Sub</h2><h3>Subsub</h3><p><strong>tebal</strong> <em>miring</em> <u>garis</u> <s>coret</s> <strong>b</strong> <em>i</em></p>' +
        '<ul><li>satu</li></ul><ol><li>dua</li></ol><blockquote><p>kutipan</p></blockquote><pre><code>kode()</code></pre><hr /><p>baris<br />baru</p>' +
        '<p><a href="https://poltek.ac.id/berita?id=1&amp;x=2" rel="noopener noreferrer" target="_blank">situs</a> <a href="mailto:bem@poltek.ac.id" rel="noopener noreferrer" target="_blank">surel</a> <a href="http://contoh.id" rel="noopener noreferrer" target="_blank">http</a></p>' +
        '<p>&lt;img src=x onerror="window.__xss=1"&gt; sebagai teks</p>',
    );
    const res = await admin.request('PUT', `/api/admin/articles/${a.id}`, {
      json: input({
        title: a.title,
        body: '<p>Baru</p><img src=x onerror=alert(1)><a href="javascript:x">y</a>',
      }),
    });
    expect(res.status).toBe(200);
    expect((await rowOf(a.id))!.body).toBe('<p>Baru</p>y');
  });

  it('previews exactly what would be stored, and stores nothing', async () => {
    const before = await allRows();
    const res = await admin.request('POST', '/api/admin/articles/preview', {
      json: input({
        title: 'Pratinjau Pengumuman Penting',
        body: '<p>Isi <script>alert(1)</script><strong>tebal</strong></p>',
        cover: cover.large,
        coverSmall: cover.small,
      }),
    });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as Card & { body: string };
    expect(preview).toMatchObject({
      slug: 'pratinjau-pengumuman-penting',
      body: '<p>Isi <strong>tebal</strong></p>',
      authorName: 'Rina Redaksi',
      coverUrl: `/files/${cover.large}`,
    });
    expect(await allRows()).toEqual(before);
  });
});

describe('slugs', () => {
  it('derives readable ASCII slugs from Indonesian titles', () => {
    expect(slugify('Pemilu Raya 2026: Jadwal & Syarat Calon!')).toBe(
      'pemilu-raya-2026-jadwal-dan-syarat-calon',
    );
    expect(slugify("  Jum'at Bersih — Aksi Peduli Lingkungan  ")).toBe(
      'jumat-bersih-aksi-peduli-lingkungan',
    );
    expect(slugify('Résumé Kegiatan Ekspedisi Ñusantara Æ')).toBe(
      'resume-kegiatan-ekspedisi-nusantara-ae',
    );
    expect(slugify('!!! ??? ***')).toBe('berita');
    const long = slugify(`Seminar ${'nasional '.repeat(20)}energi`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^seminar(-nasional)+$/);
  });

  it('adds a numeric suffix on a collision, also under concurrent creation', async () => {
    const first = await create({ title: 'Lomba Karya Tulis Ilmiah Nuklir' });
    const second = await create({ title: 'Lomba Karya Tulis Ilmiah Nuklir!' });
    expect([first.slug, second.slug]).toEqual([
      'lomba-karya-tulis-ilmiah-nuklir',
      'lomba-karya-tulis-ilmiah-nuklir-2',
    ]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.request('POST', '/api/admin/articles', {
          json: input({ title: 'Lomba Karya Tulis Ilmiah Nuklir' }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const slugs = await Promise.all(
      results.map(async (r) => ((await r.json()) as AdminArticle).slug),
    );
    expect([...slugs].sort()).toEqual(
      [3, 4, 5, 6, 7, 8].map((n) => `lomba-karya-tulis-ilmiah-nuklir-${n}`).sort(),
    );
  });

  it('keeps an article’s slug when its title changes', async () => {
    const a = await create({ title: 'Pendaftaran Panitia Pemira Dibuka', action: 'publish' });
    const res = await admin.request('PUT', `/api/admin/articles/${a.id}`, {
      json: input({ title: 'Pendaftaran Panitia Pemira Diperpanjang', action: 'keep' }),
    });
    expect(res.status).toBe(200);
    const changed = (await res.json()) as AdminArticle;
    expect(changed.slug).toBe('pendaftaran-panitia-pemira-dibuka');
    expect(changed.title).toBe('Pendaftaran Panitia Pemira Diperpanjang');
    expect(changed.state).toBe('published');
    const page = await app.client().get('/api/articles/pendaftaran-panitia-pemira-dibuka');
    expect(((await page.json()) as Card).title).toBe('Pendaftaran Panitia Pemira Diperpanjang');
    // A new article with the old title gets a suffix; the first keeps its address.
    const again = await create({ title: 'Pendaftaran Panitia Pemira Dibuka' });
    expect(again.slug).toBe('pendaftaran-panitia-pemira-dibuka-2');
  });
});

describe('publication and what the public sees', () => {
  it('shows drafts and scheduled articles to admins only, and a scheduled one by itself when its time comes', async () => {
    const draft = await create({ title: 'Draf Rahasia Kabinet' });
    const scheduled = await create({
      title: 'Pengumuman Terjadwal Pemira',
      action: 'schedule',
      publishAt: inAnHour(),
      cover: cover.large,
      coverSmall: cover.small,
    });
    expect(draft.state).toBe('draft');
    expect(draft.publishedAt).toBeNull();
    expect(scheduled.state).toBe('scheduled');
    for (const a of [draft, scheduled]) {
      expect((await app.client().get(`/api/articles/${a.slug}`)).status).toBe(404);
      expect((await publicList('?limit=50')).items.map((i) => i.slug)).not.toContain(a.slug);
      const page = await app.client().get(`/berita/${a.slug}`);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain(a.title);
    }
    const scheduledOnly = (await (
      await admin.get('/api/admin/articles?state=scheduled')
    ).json()) as { items: AdminArticle[]; counts: Record<string, number> };
    expect(scheduledOnly.items.map((i) => i.slug)).toEqual([scheduled.slug]);
    expect(scheduledOnly.counts.scheduled).toBe(1);

    // Time passes (by the database clock): the article appears with no job having run.
    await db
      .update(articles)
      .set({ publishedAt: sql`now() - interval '1 minute'` })
      .where(eq(articles.id, scheduled.id));
    const visible = await app.client().get(`/api/articles/${scheduled.slug}`);
    expect(visible.status).toBe(200);
    expect((await publicList('?limit=50')).items.map((i) => i.slug)).toContain(scheduled.slug);
    const adminView = (await (
      await admin.get(`/api/admin/articles/${scheduled.id}`)
    ).json()) as AdminArticle;
    expect(adminView.state).toBe('published');
    expect((await app.client().get(`/berita/${scheduled.slug}`)).status).toBe(200);

    // A published article moved into the future is hidden again.
    await db
      .update(articles)
      .set({ publishedAt: sql`now() + interval '1 day'` })
      .where(eq(articles.id, scheduled.id));
    expect((await app.client().get(`/api/articles/${scheduled.slug}`)).status).toBe(404);
  });

  it('publishes now, keeps the first date when published again, and unpublishes', async () => {
    const a = await create({ title: 'Prestasi Tim Robotika Poltek' });
    const published = (await (
      await admin.post(`/api/admin/articles/${a.id}/publication`, { action: 'publish' })
    ).json()) as AdminArticle;
    expect(published.state).toBe('published');
    expect(Math.abs(new Date(published.publishedAt!).getTime() - Date.now())).toBeLessThan(60_000);
    expect((await app.client().get(`/api/articles/${a.slug}`)).status).toBe(200);
    const again = (await (
      await admin.request('PUT', `/api/admin/articles/${a.id}`, {
        json: input({ title: a.title, action: 'publish' }),
      })
    ).json()) as AdminArticle;
    expect(again.publishedAt).toBe(published.publishedAt);

    const withdrawn = await admin.post(`/api/admin/articles/${a.id}/publication`, {
      action: 'draft',
    });
    expect(withdrawn.status).toBe(200);
    expect(((await withdrawn.json()) as AdminArticle).state).toBe('draft');
    expect((await app.client().get(`/api/articles/${a.slug}`)).status).toBe(404);
    expect((await rowOf(a.id))!.publishedAt).toBeNull();
  });

  it('deletes an article for good', async () => {
    const a = await create({ action: 'publish' });
    expect((await admin.request('DELETE', `/api/admin/articles/${a.id}`)).status).toBe(204);
    expect(await rowOf(a.id)).toBeUndefined();
    expect((await app.client().get(`/api/articles/${a.slug}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/articles/${a.id}`)).status).toBe(404);
  });

  it('lists the latest news newest first, with search, category and pages', async () => {
    const tag = `Zeta${Date.now() % 100_000}`;
    const made: AdminArticle[] = [];
    for (const [i, category] of ['Prestasi', 'Pengumuman', 'Prestasi', 'Opini'].entries()) {
      const a = await create({
        title: `${tag} Kabar ${i + 1}`,
        category,
        action: 'publish',
        cover: cover.large,
        coverSmall: cover.small,
        summary: i === 3 ? '' : `Ringkasan ${i + 1}`,
        body: '<p>Isi pertama yang cukup panjang untuk ringkasan otomatis.</p>',
      });
      await db
        .update(articles)
        .set({ publishedAt: sql`now() - make_interval(mins => ${10 - i})` })
        .where(eq(articles.id, a.id));
      made.push(a);
    }
    const newest = await publicList('?limit=3');
    expect(newest.items).toHaveLength(3);
    const times = newest.items.map((i) => new Date(i.publishedAt).getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const latest = await publicList(`?q=${tag}&limit=3`);
    expect(latest.items.map((i) => i.title)).toEqual([
      `${tag} Kabar 4`,
      `${tag} Kabar 3`,
      `${tag} Kabar 2`,
    ]);
    expect(latest.pageSize).toBe(3);
    expect(latest.items[0]).toMatchObject({
      summary: 'Isi pertama yang cukup panjang untuk ringkasan otomatis.',
      coverSmallUrl: `/files/${cover.small}`,
      coverUrl: `/files/${cover.large}`,
      authorName: 'Rina Redaksi',
      category: 'Opini',
    });
    expect(latest.items[0]).not.toHaveProperty('body');

    const searched = await publicList(`?q=${tag.toLowerCase()}&category=Prestasi`);
    expect(searched.items.map((i) => i.title)).toEqual([`${tag} Kabar 3`, `${tag} Kabar 1`]);
    expect(searched.total).toBe(2);
    const page2 = await publicList(`?q=${tag}&limit=3&page=2`);
    expect(page2.items.map((i) => i.title)).toEqual([`${tag} Kabar 1`]);
    expect(page2.total).toBe(4);
    // LIKE wildcards are searched literally.
    expect((await publicList('?q=%25')).total).toBe(0);
    const bad = await app.client().get('/api/articles?category=Gosip&limit=500');
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as ErrorBody).error.fields!;
    expect(fields.category).toMatch(/kategori/);
    expect(fields.limit).toMatch(/maksimal 50/);

    const adminList = (await (
      await admin.get(`/api/admin/articles?q=${tag}&pageSize=2`)
    ).json()) as {
      items: AdminArticle[];
      total: number;
    };
    expect(adminList.total).toBe(4);
    // Kelola Berita: newest publication first, whatever was changed last.
    expect(adminList.items.map((i) => i.title)).toEqual([`${tag} Kabar 4`, `${tag} Kabar 3`]);
    await db
      .update(articles)
      .set({ updatedAt: sql`now() + interval '1 minute'` })
      .where(eq(articles.id, made[0]!.id));
    const afterEdit = (await (
      await admin.get(`/api/admin/articles?q=${tag}&pageSize=4`)
    ).json()) as { items: AdminArticle[] };
    expect(afterEdit.items.map((i) => i.title)).toEqual(
      [4, 3, 2, 1].map((n) => `${tag} Kabar ${n}`),
    );
  });
});

describe('link previews, sitemap and robots', () => {
  it('fills the article page’s meta tags into the served HTML, escaped', async () => {
    const title = `Seminar "Energi" <Nuklir> & Masa Depan's $& Bangsa`;
    const a = await create({
      title,
      summary: 'Ringkasan <b>tebal</b> & "kutip"',
      action: 'publish',
      cover: cover.large,
      coverSmall: cover.small,
    });
    const res = await app.client().get(`/berita/${a.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    const base = app.services.env.publicUrl;
    const escTitle =
      'Seminar &quot;Energi&quot; &lt;Nuklir&gt; &amp; Masa Depan&#39;s $&amp; Bangsa';
    const escSummary = 'Ringkasan &lt;b&gt;tebal&lt;/b&gt; &amp; &quot;kutip&quot;';
    expect(html).toContain(`<title>${escTitle} · BEM Poltek Nuklir</title>`);
    expect(html).toContain(`<meta name="description" content="${escSummary}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escTitle}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escSummary}" />`);
    expect(html).toContain(`<meta property="og:type" content="article" />`);
    expect(html).toContain(`<meta property="og:url" content="${base}/berita/${a.slug}" />`);
    expect(html).toContain(`<meta property="og:image" content="${base}/files/${cover.large}" />`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image" />`);
    expect(html).not.toContain('<Nuklir>');
    expect(html).not.toContain('<b>tebal');
    // One title and one description: the site's defaults were replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves unknown, draft and malformed slugs as a 404 without article meta, and other pages as built', async () => {
    for (const p of ['/berita/tidak-ada-berita-ini', '/berita/Huruf-BESAR', '/berita/%E0%A4%A']) {
      const res = await app.client().get(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html, p).not.toContain('og:');
      expect(html, p).toContain('<title>BEM Poltek Nuklir</title>');
    }
    const other = await app.client().get('/tentang');
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(INDEX_HTML);
    const list = await app.client().get('/berita');
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('<meta property="og:title" content="Berita" />');
  });

  it('lists the public pages and every published article in the sitemap, never drafts or scheduled ones', async () => {
    const published = await create({ title: 'Peta Situs Terbit', action: 'publish' });
    const draft = await create({ title: 'Peta Situs Draf' });
    const scheduled = await create({
      title: 'Peta Situs Terjadwal',
      action: 'schedule',
      publishAt: inAnHour(),
    });
    const res = await app.client().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    const base = app.services.env.publicUrl;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const p of ['/', '/berita', '/struktur', '/layanan', '/dokumen', '/tentang', '/pemilihan'])
      expect(xml).toContain(`<loc>${base}${p}</loc>`);
    expect(xml).toContain(`<loc>${base}/berita/${published.slug}</loc>`);
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain(scheduled.slug);
    expect(xml).not.toContain('/admin');
  });

  it('serves robots.txt allowing everything but the admin areas and the API', async () => {
    const res = await app.client().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /admin-master',
        'Disallow: /panitia',
        'Disallow: /api',
        `Sitemap: ${app.services.env.publicUrl}/sitemap.xml`,
      ]),
    );
  });
});
