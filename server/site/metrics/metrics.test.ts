import crypto from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  articles,
  documents,
  electionRequests,
  elections,
  files,
  pageViews,
  voters,
  webVitals,
} from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { VIEWS_PER_MINUTE, VITALS_PER_MINUTE } from './metrics.handlers.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Usage = {
  days: { day: string; views: number }[];
  totalViews: number;
  topPages: { path: string; title: string; views: number }[];
  vitals: { name: string; p75: number | null; samples: number; rating: string | null }[];
};

let app: TestApp;
let db: TestApp['services']['database']['db'];
let admin: TestClient;
let voter: TestClient;

beforeAll(async () => {
  // Loopback is the proxy, so that each flood below can come from an address of its own.
  app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1' });
  db = app.services.database.db;
  admin = await signedInStaff(app, {
    email: 'statistik@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Statistik',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

/** Today's date in WIB as the database computes it. */
async function wibToday(): Promise<string> {
  const [r] = await queryRows<{ d: string }>(
    db,
    sql`select ((now() at time zone 'Asia/Jakarta')::date)::text as d`,
  );
  return r!.d;
}
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
const viewsOf = async (path: string) =>
  (await db.select().from(pageViews).where(eq(pageViews.path, path))).reduce(
    (s, r) => s + r.views,
    0,
  );
const beacon = (client: TestClient, path: unknown) => client.post('/api/metrics/view', { path });

describe('page view beacon', () => {
  it('counts views per day and path, cutting the query and fragment, for anyone', async () => {
    const today = await wibToday();
    const anon = app.client();
    const res = await beacon(anon, '/berita?utm_source=wa#komentar');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([]);
    await beacon(anon, '/berita/');
    await beacon(voter, '/berita');
    const rows = await db.select().from(pageViews).where(eq(pageViews.path, '/berita'));
    expect(rows).toEqual([{ day: today, path: '/berita', views: 3 }]);
    expect((await beacon(anon, '/')).status).toBe(204);
    await db.insert(articles).values({
      slug: 'kabar-kampus-2026',
      title: 'Kabar Kampus 2026',
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
      authorName: 'Redaksi',
    });
    expect((await beacon(anon, '/berita/kabar-kampus-2026')).status).toBe(204);
    expect(await viewsOf('/berita/kabar-kampus-2026')).toBe(1);
    // Addresses of pages that do not exist are answered alike but never counted.
    const made = `/hasil/${crypto.randomUUID()}`;
    expect((await beacon(anon, made)).status).toBe(204);
    expect((await beacon(anon, '/berita/situs-palsu-kunjungi-sekarang')).status).toBe(204);
    expect(await viewsOf(made)).toBe(0);
    expect(await viewsOf('/berita/situs-palsu-kunjungi-sekarang')).toBe(0);
    await db.delete(articles).where(eq(articles.slug, 'kabar-kampus-2026'));
  });

  it('keeps no address, agent or cookie: only day, path and count exist', async () => {
    await app.client().request('POST', '/api/metrics/view', {
      json: { path: '/dokumen' },
      headers: { 'user-agent': 'AgenRahasia/1.0', 'x-forwarded-for': '203.0.113.9' },
    });
    await app.client().request('POST', '/api/metrics/vitals', {
      json: { path: '/dokumen', metrics: [{ name: 'LCP', value: 1234 }] },
      headers: { 'user-agent': 'AgenRahasia/1.0' },
    });
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_name in ('page_views', 'web_vitals') order by table_name, ordinal_position`,
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'page_views.day',
      'page_views.path',
      'page_views.views',
      'web_vitals.id',
      'web_vitals.at',
      'web_vitals.name',
      'web_vitals.value',
      'web_vitals.path',
    ]);
    const stored = JSON.stringify([
      await db.select().from(pageViews),
      await db.select().from(webVitals),
    ]);
    for (const secret of ['127.0.0.1', '203.0.113.9', 'AgenRahasia', 'session'])
      expect(stored).not.toContain(secret);
  });

  it('refuses the API, the admin and committee areas, unknown pages and malformed paths, counting nothing', async () => {
    const before = await db.select().from(pageViews);
    const refused: [unknown, RegExp][] = [
      ['/api/me', /tidak dikenal atau tidak dihitung/],
      ['/admin', /tidak dihitung/],
      ['/admin/kelola-admin', /tidak dihitung/],
      ['/admin-master/voting', /tidak dihitung/],
      [`/panitia/${crypto.randomUUID()}/ringkasan`, /tidak dihitung/],
      ['/halaman-acak-123', /tidak dikenal/],
      ['/berita/a/b', /tidak dikenal/],
      ['https://situs-lain.test/berita', /diawali/],
      ['berita', /diawali/],
      ['/berita dengan spasi', /diawali/],
      [`/berita/${'a'.repeat(300)}`, /tidak dikenal/],
      ['/' + 'x'.repeat(3000), /terlalu panjang/],
      [42, /Alamat halaman/],
      [undefined, /Alamat halaman wajib/],
    ];
    for (const [path, message] of refused) {
      const res = await beacon(app.client(), path);
      expect(res.status, String(path)).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.path, String(path)).toMatch(message);
    }
    expect(await db.select().from(pageViews)).toEqual(before);
  });
});

describe('web-vitals beacon', () => {
  it('stores the measurements of one page load', async () => {
    const res = await app.client().post('/api/metrics/vitals', {
      path: '/tentang?x=1',
      metrics: [
        { name: 'LCP', value: 2100.5 },
        { name: 'CLS', value: 0.02 },
        { name: 'TTFB', value: 0 },
      ],
    });
    expect(res.status).toBe(204);
    const rows = await db.select().from(webVitals).where(eq(webVitals.path, '/tentang'));
    expect(rows.map((r) => [r.name, r.value]).sort()).toEqual([
      ['CLS', 0.02],
      ['LCP', 2100.5],
      ['TTFB', 0],
    ]);
  });

  it('refuses unknown metrics, impossible values, repeats and unknown pages, storing nothing', async () => {
    const before = await db.select({ n: count() }).from(webVitals);
    const cases: [unknown, string, RegExp][] = [
      [{ path: '/', metrics: [{ name: 'FID', value: 10 }] }, 'metrics.0.name', /LCP, INP/],
      [{ path: '/', metrics: [{ name: 'LCP', value: -1 }] }, 'metrics.0.value', /negatif/],
      [{ path: '/', metrics: [{ name: 'LCP', value: '12' }] }, 'metrics.0.value', /angka/],
      [{ path: '/', metrics: [{ name: 'LCP', value: 9e9 }] }, 'metrics.0.value', /tidak wajar/],
      [{ path: '/', metrics: [{ name: 'CLS', value: 1000 }] }, 'metrics.0.value', /tidak wajar/],
      [{ path: '/', metrics: [] }, 'metrics', /minimal satu/],
      [
        {
          path: '/',
          metrics: [
            { name: 'LCP', value: 1 },
            { name: 'LCP', value: 2 },
          ],
        },
        'metrics',
        /sekali/,
      ],
      [{ path: '/admin', metrics: [{ name: 'LCP', value: 1 }] }, 'path', /tidak dihitung/],
      [{ metrics: [{ name: 'LCP', value: 1 }] }, 'path', /wajib/],
    ];
    for (const [json, field, message] of cases) {
      const res = await app.client().post('/api/metrics/vitals', json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field], JSON.stringify(json)).toMatch(
        message,
      );
    }
    expect(await db.select({ n: count() }).from(webVitals)).toEqual(before);
  });
});

describe('dashboard figures', () => {
  it('are for admins only', async () => {
    for (const url of ['/api/metrics/counts', '/api/metrics/usage']) {
      expect((await app.client().get(url)).status).toBe(401);
      expect((await voter.get(url)).status).toBe(403);
      expect((await admin.get(url)).status).toBe(200);
    }
  });

  it('count the rows of the content tables', async () => {
    const [file] = await db
      .insert(files)
      .values({ hash: 'a'.repeat(64), kind: 'document', contentType: 'application/pdf', size: 10 })
      .returning();
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 86_400_000);
    await db.insert(articles).values([
      {
        slug: 'terbit',
        title: 'Terbit',
        authorName: 'Admin',
        status: 'published',
        publishedAt: past,
      },
      {
        slug: 'terjadwal',
        title: 'Terjadwal',
        authorName: 'Admin',
        status: 'published',
        publishedAt: future,
      },
      { slug: 'draf', title: 'Draf', authorName: 'Admin' },
    ]);
    await db
      .insert(documents)
      .values([
        { title: 'AD/ART', category: 'Organisasi', file: file!.hash, fileName: 'adart.pdf' },
      ]);
    await insertVoters(db, 2, { status: 'pending' });
    await insertVoters(db, 3, { status: 'verified' });
    await db.insert(elections).values([
      { title: 'Berjalan', organizer: 'KPU', startsAt: past, endsAt: future, status: 'ready' },
      { title: 'Draf', organizer: 'KPU', startsAt: future, endsAt: new Date(future.getTime() + 1) },
    ]);
    const direct = async (table: typeof voters | typeof elections | typeof documents) =>
      Number((await db.select({ n: count() }).from(table))[0]!.n);
    const pending = Number(
      (await db.select({ n: count() }).from(voters).where(eq(voters.status, 'pending')))[0]!.n,
    );
    const res = await admin.get('/api/metrics/counts');
    expect(await res.json()).toEqual({
      articles: { total: 3, published: 1 },
      documents: { total: 1 },
      voters: { total: await direct(voters), pending, verified: 3 },
      elections: { total: await direct(elections), open: 1 },
      // Election requests wait for the master admins: a plain admin is not told about them.
      requests: null,
    });
    expect(pending).toBe(3); // the voter registered in beforeAll is pending too
    await db.insert(electionRequests).values(
      ['Menunggu', 'Menunggu Juga', 'Sudah Diputus'].map((namaPemilihan, i) => ({
        namaPemilihan,
        penyelenggara: 'HIMA',
        deskripsi: 'Pemilihan ketua himpunan.',
        waktuMulai: future,
        waktuSelesai: new Date(future.getTime() + 3600_000),
        namaPemohon: 'Rina',
        emailPemohon: `rina${i}@mahasiswa.test`,
        status: i === 2 ? ('rejected' as const) : ('pending' as const),
      })),
    );
    const master = await signedInStaff(app, {
      email: 'master.statistik@bem.test',
      password: 'sandi-master-1',
      name: 'Master Statistik',
      role: 'master',
    });
    expect(await (await master.get('/api/metrics/counts')).json()).toMatchObject({
      requests: { pending: 2 },
    });
    expect(await (await admin.get('/api/metrics/counts')).json()).toMatchObject({
      requests: null,
    });
  });

  it('sum views per WIB day over 30 days, list the top 10 pages and compute each vital’s p75', async () => {
    const today = await wibToday();
    const { election } = await insertOpenElection(db, { candidates: 2 });
    await db.insert(pageViews).values([
      // The most viewed pages, each named by its title.
      { day: today, path: '/tentang', views: 100 },
      { day: today, path: '/berita/terbit', views: 99 },
      { day: today, path: `/pemilihan/${election.id}/kandidat`, views: 98 },
      { day: shiftDay(today, -3), path: '/layanan', views: 7 },
      { day: shiftDay(today, -29), path: '/layanan', views: 2 },
      // Outside the 30 days: neither in the days nor in the top pages.
      { day: shiftDay(today, -30), path: '/struktur', views: 500 },
      ...Array.from({ length: 11 }, (_, i) => ({
        day: today,
        path: `/berita/artikel-${i}`,
        views: 20 + i,
      })),
    ]);
    const res = await admin.get('/api/metrics/usage');
    expect(res.status).toBe(200);
    const usage = (await res.json()) as Usage;
    expect(usage.days).toHaveLength(30);
    expect(usage.days[0]!.day).toBe(shiftDay(today, -29));
    expect(usage.days.at(-1)!.day).toBe(today);
    expect(usage.days.find((d) => d.day === shiftDay(today, -3))!.views).toBe(7);
    expect(usage.days[0]!.views).toBe(2);
    const todayViews = (await db.select().from(pageViews).where(eq(pageViews.day, today))).reduce(
      (s, r) => s + r.views,
      0,
    );
    expect(usage.days.at(-1)!.views).toBe(todayViews);
    expect(usage.totalViews).toBe(usage.days.reduce((s, d) => s + d.views, 0));
    expect(usage.topPages).toHaveLength(10);
    expect(usage.topPages.slice(0, 4)).toEqual([
      { path: '/tentang', title: 'Tentang', views: 100 },
      { path: '/berita/terbit', title: 'Berita: Terbit', views: 99 },
      {
        path: `/pemilihan/${election.id}/kandidat`,
        title: `Kandidat: ${election.title}`,
        views: 98,
      },
      // No such article: the address itself.
      { path: '/berita/artikel-10', title: '/berita/artikel-10', views: 30 },
    ]);
    expect(usage.topPages.map((p) => p.path)).not.toContain('/struktur');
    expect(usage.topPages.map((p) => p.path)).not.toContain('/berita/artikel-3');

    // Known samples (the rows from earlier tests are cleared by giving them an old time).
    await db.update(webVitals).set({ at: new Date(Date.now() - 40 * 86_400_000) });
    const samples = (name: string, values: number[]) =>
      values.map((value) => ({ name, value, path: '/' }));
    await db.insert(webVitals).values([
      // 1000..8000: p75 = 1000 + 0.75 × 7 × 1000 = 6250 ms (poor: above 4000).
      ...samples('LCP', [8000, 1000, 7000, 2000, 6000, 3000, 5000, 4000]),
      // p75 of 100, 150, 200, 250 = 200 + 0.25 × 50 = 212.5 ms (needs improvement).
      ...samples('INP', [250, 100, 200, 150]),
      // p75 of 0.01, 0.02, 0.05, 0.3 = 0.05 + 0.25 × 0.25 = 0.1125 (needs improvement).
      ...samples('CLS', [0.3, 0.01, 0.05, 0.02]),
      // One sample: itself (good: up to 1800).
      ...samples('FCP', [1800]),
    ]);
    // Older than 30 days: ignored.
    await db.insert(webVitals).values({
      name: 'TTFB',
      value: 99_000,
      path: '/',
      at: new Date(Date.now() - 31 * 86_400_000),
    });
    const { vitals } = (await (await admin.get('/api/metrics/usage')).json()) as Usage;
    const by = Object.fromEntries(vitals.map((v) => [v.name, v]));
    expect(vitals.map((v) => v.name)).toEqual(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
    expect(by.LCP).toEqual({ name: 'LCP', p75: 6250, samples: 8, rating: 'poor' });
    expect(by.INP).toEqual({ name: 'INP', p75: 212.5, samples: 4, rating: 'needs-improvement' });
    expect(by.CLS!.p75).toBeCloseTo(0.1125, 10);
    expect(by.CLS).toMatchObject({ samples: 4, rating: 'needs-improvement' });
    expect(by.FCP).toEqual({ name: 'FCP', p75: 1800, samples: 1, rating: 'good' });
    expect(by.TTFB).toEqual({ name: 'TTFB', p75: null, samples: 0, rating: null });
  });
});

describe('beacon rate limits', () => {
  it('refuse a flood from one address with 429 before anything is written', async () => {
    const path = '/request-pemilihan';
    const start = await viewsOf(path);
    // From an address nothing else used, so the flood's minute starts with it.
    const from = { 'x-forwarded-for': '198.51.100.71' };
    const view = () =>
      app.client().request('POST', '/api/metrics/view', { json: { path }, headers: from });
    const statuses: number[] = [];
    for (let i = 0; i < VIEWS_PER_MINUTE + 5; i++) statuses.push((await view()).status);
    const accepted = statuses.filter((s) => s === 204).length;
    expect(accepted).toBe(VIEWS_PER_MINUTE);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    expect(await viewsOf(path)).toBe(start + accepted);
    // Another address still counts: the limit is per address.
    expect((await beacon(app.client(), path)).status).toBe(204);
    const refused = await view();
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/Terlalu banyak/);

    // Only this test's samples: old ones may be dropped by the retention at any insert.
    const recentFcp = async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(webVitals)
            .where(
              and(eq(webVitals.path, path), gt(webVitals.at, new Date(Date.now() - 3_600_000))),
            )
        )[0]!.n,
      );
    const vitalsBefore = await recentFcp();
    let stored = 0;
    let limited = 0;
    for (let i = 0; i < VITALS_PER_MINUTE + 5; i++) {
      const res = await app.client().request('POST', '/api/metrics/vitals', {
        json: { path, metrics: [{ name: 'FCP', value: 900 }] },
        headers: { 'x-forwarded-for': '198.51.100.72' },
      });
      if (res.status === 204) stored++;
      if (res.status === 429) limited++;
    }
    expect([stored, limited]).toEqual([VITALS_PER_MINUTE, 5]);
    expect(await recentFcp()).toBe(vitalsBefore + stored);
  });
});
