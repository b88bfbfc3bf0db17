import { parse } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditLog, committeeMembers, elections, user } from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { defuseFormula } from './activity.query.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Entry = {
  seq: number;
  at: string;
  actorName: string;
  actorRole: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
};
type Page = { items: Entry[]; total: number; page: number; pageSize: number };
type Chain = { ok: boolean; entries: number; head: string; problems: string[] };

let app: TestApp;
let db: TestApp['services']['database']['db'];
let admin: TestClient;
let voter: TestClient;
let committee: TestClient;

/** Today's date in WIB. */
const wibDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

const entry = (over: Partial<Parameters<typeof appendAudit>[1]>) =>
  appendAudit(db, {
    actorId: null,
    actorName: 'Sari Master',
    actorRole: 'master',
    action: 'admin.added',
    entityType: 'admin',
    entityId: 'u-1',
    summary: 'Menambahkan Rina sebagai admin',
    ...over,
  });

beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  admin = await signedInStaff(app, {
    email: 'histori@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Histori',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
  // A committee member who is no admin.
  committee = app.client();
  const input = await committee.registerVoter({ namaLengkap: 'Dewi Panitia' });
  const [election] = await db
    .insert(elections)
    .values({
      title: 'Pemilihan Histori',
      organizer: 'KPU',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
    })
    .returning();
  const [account] = await db.select().from(user).where(eq(user.email, input.email));
  await db
    .insert(committeeMembers)
    .values({ electionId: election!.id, userId: account!.id, namaLengkap: 'Dewi Panitia' });

  await entry({});
  await entry({
    actorName: 'Budi Admin',
    actorRole: 'admin',
    action: 'voter.verified',
    entityType: 'voter',
    entityId: 'v-1',
    summary: 'Memverifikasi pemilih Siti Rahmawati (NIM 0212345678)',
  });
  await entry({
    actorName: 'Dewi Panitia',
    actorRole: 'panitia',
    action: 'candidate.added',
    entityType: 'candidate',
    entityId: 'c-1',
    electionId: election!.id,
    summary: 'Menambahkan kandidat nomor 1 (100% siap_uji)',
  });
  await entry({
    actorName: 'Budi Admin',
    actorRole: 'admin',
    action: 'voter.rejected',
    entityType: 'voter',
    entityId: 'v-2',
    summary: '=HYPERLINK("http://jahat.test","klik")',
  });
  await entry({
    actorName: '+Peretas',
    actorRole: 'admin',
    action: 'voter.rejected',
    entityType: 'voter',
    entityId: 'v-3',
    summary: '@SUM(1+1)',
  });
  await entry({
    actorName: 'Budi Admin',
    actorRole: 'admin',
    action: 'voter.rejected',
    entityType: 'voter',
    entityId: 'v-4',
    summary: '-2+3 ditolak',
  });
});
afterAll(() => app.stop());

const list = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/activity${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
};

describe('Histori Aktivitas: who may', () => {
  it('is for admins only: anonymous 401; voter and committee member 403', async () => {
    const urls = [
      '/api/activity',
      '/api/activity/options',
      '/api/activity/chain',
      '/api/activity/export',
    ];
    for (const url of urls) {
      expect((await app.client().get(url)).status, url).toBe(401);
      expect((await voter.get(url)).status, url).toBe(403);
      expect((await committee.get(url)).status, url).toBe(403);
      expect((await admin.get(url)).status, url).toBe(200);
    }
  });
});

describe('listing', () => {
  it('lists newest first with who, role, when, what and which item, in pages', async () => {
    const all = await list(admin);
    expect(all.total).toBe(Number((await db.select({ n: count() }).from(auditLog))[0]!.n));
    expect(all.items[0]).toMatchObject({
      actorName: 'Budi Admin',
      actorRole: 'admin',
      action: 'voter.rejected',
      entityType: 'voter',
      entityId: 'v-4',
    });
    expect(new Date(all.items[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const seqs = all.items.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    const p1 = await list(admin, '?pageSize=2&page=1');
    const p2 = await list(admin, '?pageSize=2&page=2');
    expect(p1).toMatchObject({ total: all.total, page: 1, pageSize: 2 });
    expect(p1.items.map((e) => e.seq)).toEqual(seqs.slice(0, 2));
    expect(p2.items.map((e) => e.seq)).toEqual(seqs.slice(2, 4));
    expect((await list(admin, '?page=999')).items).toEqual([]);
  });

  it('filters by role, entity type, action and WIB dates, and searches summary and actor name', async () => {
    expect((await list(admin, '?role=panitia')).items.map((e) => e.actorName)).toEqual([
      'Dewi Panitia',
    ]);
    expect((await list(admin, '?entityType=voter')).total).toBe(4);
    expect((await list(admin, '?action=voter.rejected&role=admin')).total).toBe(3);
    expect((await list(admin, '?entityType=admin&action=voter.verified')).total).toBe(0);
    const today = wibDay();
    expect((await list(admin, `?from=${today}&to=${today}&entityType=voter`)).total).toBe(4);
    expect((await list(admin, `?from=${wibDay(1)}`)).total).toBe(0);
    expect((await list(admin, `?to=${wibDay(-1)}`)).total).toBe(0);
    // Search: summary or actor name, case-insensitive; % and _ are plain characters.
    expect((await list(admin, '?q=siti%20RAHMA')).items.map((e) => e.entityId)).toEqual(['v-1']);
    expect((await list(admin, '?q=budi&action=voter.rejected')).total).toBe(2);
    expect(
      (await list(admin, `?q=${encodeURIComponent('100%')}`)).items.map((e) => e.entityId),
    ).toEqual(['c-1']);
    expect((await list(admin, `?q=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await list(admin, `?q=${encodeURIComponent('siap_uji')}`)).total).toBe(1);
    expect((await list(admin, `?q=${encodeURIComponent('siap_')}`)).total).toBe(1);
    expect((await list(admin, `?q=${encodeURIComponent('_')}`)).total).toBe(1);
  });

  it('offers the entity types and actions present in the log', async () => {
    const res = await admin.get('/api/activity/options');
    const options = (await res.json()) as { entityTypes: string[]; actions: string[] };
    expect(options.entityTypes).toEqual(expect.arrayContaining(['admin', 'candidate', 'voter']));
    expect(options.actions).toEqual(
      expect.arrayContaining(['admin.added', 'candidate.added', 'voter.rejected']),
    );
    expect(options.actions).toEqual([...options.actions].sort());
  });

  it('refuses invalid filters with Indonesian field messages', async () => {
    const cases: [string, string, RegExp][] = [
      ['?role=raja', 'role', /Peran tidak dikenal/],
      ['?from=01-05-2026', 'from', /tanggal/],
      ['?from=2026-02-31x', 'from', /tanggal/],
      ['?from=2026-13-45', 'from', /bukan tanggal yang valid/],
      ['?from=2026-05-02&to=2026-05-01', 'to', /tidak boleh sebelum/],
      ['?pageSize=1000', 'pageSize', /maksimal 100/],
      ['?page=0', 'page', /minimal 1/],
      ['?page=abc', 'page', /angka/],
      [`?q=${'a'.repeat(101)}`, 'q', /maksimal 100/],
      ['?entityType=Voter%27%3B', 'entityType', /tidak valid/],
    ];
    for (const [query, field, message] of cases) {
      const res = await admin.get(`/api/activity${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field], query).toMatch(message);
    }
    const csv = await admin.get('/api/activity/export?from=2026-05-02&to=2026-05-01');
    expect(csv.status).toBe(400);
  });
});

describe('CSV export', () => {
  it('is an attachment of the filtered entries, oldest first, with formulas defused', async () => {
    const res = await admin.get('/api/activity/export?entityType=voter');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="histori-aktivitas-\d{8}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte order mark, so spreadsheet programs read the names as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((r) => r['ID Item'])).toEqual(['v-1', 'v-2', 'v-3', 'v-4']);
    expect(Object.keys(rows[0]!)).toEqual([
      'No',
      'Waktu (WIB)',
      'Pelaku',
      'Peran',
      'Aksi',
      'Ringkasan',
      'Jenis Item',
      'ID Item',
      'ID Pemilihan',
      'Hash',
    ]);
    expect(rows[0]!['Waktu (WIB)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]!.Ringkasan).toBe(`'=HYPERLINK("http://jahat.test","klik")`);
    expect(rows[2]!.Ringkasan).toBe(`'@SUM(1+1)`);
    expect(rows[2]!.Pelaku).toBe(`'+Peretas`);
    expect(rows[3]!.Ringkasan).toBe(`'-2+3 ditolak`);
    expect(rows[0]!.Ringkasan).toBe('Memverifikasi pemilih Siti Rahmawati (NIM 0212345678)');
    // No cell a spreadsheet would evaluate.
    for (const r of rows) for (const v of Object.values(r)) expect(v).not.toMatch(/^[=+\-@]/);
  });

  it('streams every entry of a long log', async () => {
    // More than one batch of the export's reads.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 1010; i++)
        await appendAudit(tx, {
          actorId: null,
          actorName: 'Sistem Uji',
          actorRole: 'sistem',
          action: 'test.bulk',
          entityType: 'test',
          entityId: `b-${i}`,
          summary: `Isi ${i}`,
        });
    });
    const res = await admin.get('/api/activity/export?action=test.bulk');
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1010);
    expect(rows.at(-1)!['ID Item']).toBe('b-1009');
  });

  it('defuses every formula prefix', () => {
    for (const v of ['=1', '+1', '-1', '@x', '\t=1', '\r=1'])
      expect(defuseFormula(v)).toBe(`'${v}`);
    expect(defuseFormula('Biasa')).toBe('Biasa');
    expect(defuseFormula('')).toBe('');
  });
});

// Last: the tampering cannot be undone (the log is append-only).
describe('chain verification', () => {
  it('reports an intact chain with its entries and head, then names a tampered entry', async () => {
    const res = await admin.get('/api/activity/chain');
    const chain = (await res.json()) as Chain;
    const [last] = await db
      .select()
      .from(auditLog)
      .orderBy(sql`seq desc`)
      .limit(1);
    expect(chain).toEqual({
      ok: true,
      entries: Number((await db.select({ n: count() }).from(auditLog))[0]!.n),
      head: last!.hash,
      problems: [],
    });

    // Altering a stored entry is possible only by switching the append-only trigger off.
    const victim = (await list(admin, '?q=Siti')).items[0]!;
    await expect(
      db.update(auditLog).set({ summary: 'Diubah' }).where(eq(auditLog.seq, victim.seq)),
    ).rejects.toThrow();
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await db
      .update(auditLog)
      .set({ summary: 'Memverifikasi pemilih lain' })
      .where(eq(auditLog.seq, victim.seq));
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);

    const after = (await (await admin.get('/api/activity/chain')).json()) as Chain;
    expect(after.ok).toBe(false);
    expect(after.problems).toEqual([`entri #${victim.seq}: isi tidak cocok dengan hash-nya`]);
  });
});
