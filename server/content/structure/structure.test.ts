import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT, DEFAULT_FOOTER } from '../../../shared/site.ts';
import {
  auditLog,
  orgDivisions,
  orgMembers,
  orgPeriods,
  siteSettings,
} from '../../db/schema/index.ts';
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
    email: 'admin.struktur@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Struktur',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type PeriodOut = { id: string; label: string; cabinetName: string; isCurrent: boolean };
type MemberOut = {
  id: string;
  name: string;
  position: string;
  divisionId: string | null;
  photo: string | null;
  photoUrl: string | null;
};
type Detail = {
  period: PeriodOut;
  leaders: MemberOut[];
  divisions: { id: string; name: string; members: MemberOut[] }[];
};

const put = (client: TestClient, url: string, json: unknown) =>
  client.request('PUT', url, { json });
const del = (client: TestClient, url: string) => client.request('DELETE', url);

async function created<T>(res: Response): Promise<T> {
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

let seq = 0;
const newPeriod = async (label = `20${10 + ++seq}/20${11 + seq}`, cabinetName = 'Kabinet Uji') =>
  created<PeriodOut>(await admin.post('/api/structure/periods', { label, cabinetName }));
const newDivision = async (periodId: string, name: string) =>
  created<{ id: string; name: string }>(
    await admin.post(`/api/structure/periods/${periodId}/divisions`, { name }),
  );
const newMember = async (
  periodId: string,
  name: string,
  position: string,
  divisionId: string | null = null,
  photo: string | null = null,
) =>
  created<MemberOut>(
    await admin.post(`/api/structure/periods/${periodId}/members`, {
      name,
      position,
      divisionId,
      photo,
    }),
  );
const detail = async (periodId: string) =>
  (await (await app.client().get(`/api/structure/periods/${periodId}`)).json()) as Detail;

async function uploadImage() {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await imageBytes(800, 800, 'png'))]), 'foto.png');
  const res = await admin.request('POST', '/api/uploads/images', { body: form });
  return created<{ large: { hash: string }; small: { hash: string; url: string } }>(res);
}

async function uploadDocument() {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(pdf)]), 'surat.pdf');
  const res = await admin.request('POST', '/api/uploads/documents', { body: form });
  return created<{ hash: string }>(res);
}

/** Everything a refused request could have touched. */
const snapshot = async () => ({
  periods: await db.select().from(orgPeriods).orderBy(orgPeriods.id),
  divisions: await db.select().from(orgDivisions).orderBy(orgDivisions.id),
  members: await db.select().from(orgMembers).orderBy(orgMembers.id),
  settings: await db.select().from(siteSettings).orderBy(siteSettings.key),
  audit: (await db.select().from(auditLog)).length,
});

const auditFor = async (entityId: string) =>
  db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.seq);

describe('structure: public reads', () => {
  it('answers an empty structure before anything is set up, and 404 for an unknown period', async () => {
    const anon = app.client();
    const current = await anon.get('/api/structure/current');
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ structure: null });
    expect(await (await anon.get('/api/structure/periods')).json()).toEqual({ items: [] });
    const missing = await anon.get('/api/structure/periods/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    const bad = await anon.get('/api/structure/periods/bukan-id');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.message).toBe('ID periode tidak valid.');
  });
});

describe('structure: who may change it', () => {
  it('refuses every change to anonymous people and voters, even with hostile bodies, and nothing changes', async () => {
    const period = await newPeriod('2019/2020', 'Kabinet Tetap');
    const division = await newDivision(period.id, 'Divisi Tetap');
    const member = await newMember(period.id, 'Rina Tetap', 'Anggota', division.id);
    const before = await snapshot();
    const valid = { name: 'Baru', position: 'Ketua', divisionId: null, photo: null };
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/structure/periods', { label: '2030/2031', cabinetName: 'Kabinet Liar' }],
      ['POST', '/api/structure/periods', { label: '<script>', cabinetName: 1 }],
      ['PUT', `/api/structure/periods/${period.id}`, { label: '2030', cabinetName: 'Liar' }],
      ['POST', `/api/structure/periods/${period.id}/current`],
      ['DELETE', `/api/structure/periods/${period.id}`],
      ['POST', `/api/structure/periods/${period.id}/divisions`, { name: 'Divisi Liar' }],
      ['PUT', `/api/structure/divisions/${division.id}`, { name: 'Divisi Liar' }],
      ['POST', `/api/structure/divisions/${division.id}/move`, { direction: 'up' }],
      ['DELETE', `/api/structure/divisions/${division.id}`],
      ['POST', `/api/structure/periods/${period.id}/members`, valid],
      ['PUT', `/api/structure/members/${member.id}`, valid],
      ['POST', `/api/structure/members/${member.id}/move`, { direction: 'down' }],
      ['DELETE', `/api/structure/members/${member.id}`],
      ['PUT', '/api/site/footer', { ...DEFAULT_FOOTER, tagline: 'Diretas' }],
      ['PUT', '/api/site/footer', { tagline: '<b>x</b>' }],
      ['PUT', '/api/site/about', { ...DEFAULT_ABOUT, visi: 'Diretas' }],
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
});

describe('structure: periods', () => {
  it('validates text with Indonesian field messages and stores nothing invalid', async () => {
    const before = await snapshot();
    const cases: [unknown, string, RegExp][] = [
      [{ label: '', cabinetName: 'Kabinet Uji' }, 'label', /Periode wajib diisi/],
      [{ label: '20', cabinetName: 'Kabinet Uji' }, 'label', /Periode minimal 4 karakter/],
      [{ label: '2025/2026', cabinetName: '<b>Kabinet</b>' }, 'cabinetName', /< atau >/],
      [{ label: '2025/2026', cabinetName: 'K'.repeat(121) }, 'cabinetName', /maksimal 120/],
      [
        { label: '2025/2026', cabinetName: 'Kabinet Uji', tagline: '<img src=x onerror=alert(1)>' },
        'tagline',
        /Tagline tidak boleh berisi < atau >/,
      ],
      [{ cabinetName: 'Kabinet Uji' }, 'label', /Periode wajib diisi/],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/structure/periods', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = ((await res.json()) as ErrorBody).error;
      expect(err.fields?.[field]).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('adds and edits a period, each change with an audit entry', async () => {
    const period = await newPeriod('2023/2024', 'Kabinet Awal');
    expect(period.isCurrent).toBe(false);
    const res = await put(admin, `/api/structure/periods/${period.id}`, {
      label: '2023/2024',
      cabinetName: 'Kabinet Harmoni',
      tagline: 'Bersama melangkah',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PeriodOut).cabinetName).toBe('Kabinet Harmoni');
    const entries = await auditFor(period.id);
    expect(entries.map((e) => [e.entityType, e.action])).toEqual([
      ['org-period', 'org-period.created'],
      ['org-period', 'org-period.updated'],
    ]);
    expect(entries[1]!.summary).toContain('Kabinet Harmoni');
    expect(entries[1]!.actorName).toBe('Admin Struktur');
    const missing = await put(
      admin,
      '/api/structure/periods/00000000-0000-4000-8000-000000000000',
      {
        label: '2023/2024',
        cabinetName: 'Kabinet Hantu',
      },
    );
    expect(missing.status).toBe(404);
  });

  it('keeps exactly one current period when two admins mark different periods at once', async () => {
    const a = await newPeriod('2031/2032', 'Kabinet A');
    const b = await newPeriod('2032/2033', 'Kabinet B');
    const c = await newPeriod('2033/2034', 'Kabinet C');
    const second = app.client();
    expect((await second.signIn('admin.struktur@bem.test', 'sandi-admin-1')).status).toBe(200);
    for (let round = 0; round < 4; round++) {
      const [ra, rb, rc] = await Promise.all([
        admin.post(`/api/structure/periods/${a.id}/current`),
        second.post(`/api/structure/periods/${b.id}/current`),
        admin.post(`/api/structure/periods/${c.id}/current`),
      ]);
      expect([ra.status, rb.status, rc.status]).toEqual([200, 200, 200]);
      const current = await db.select().from(orgPeriods).where(eq(orgPeriods.isCurrent, true));
      expect(current).toHaveLength(1);
      expect([a.id, b.id, c.id]).toContain(current[0]!.id);
    }
    // Marking one moves the flag; /structure/current follows it.
    expect((await admin.post(`/api/structure/periods/${a.id}/current`)).status).toBe(200);
    const current = (await (await app.client().get('/api/structure/current')).json()) as {
      structure: Detail;
    };
    expect(current.structure.period).toMatchObject({ id: a.id, isCurrent: true });
    const flags = await db.select().from(orgPeriods);
    expect(flags.filter((p) => p.isCurrent).map((p) => p.id)).toEqual([a.id]);
    const made = (await auditFor(a.id)).filter((e) => e.action === 'org-period.made-current');
    expect(made.length).toBeGreaterThanOrEqual(5);
    // The list is newest first and says which one is current.
    const list = (await (await app.client().get('/api/structure/periods')).json()) as {
      items: PeriodOut[];
    };
    expect(list.items.slice(0, 3).map((p) => p.label)).toEqual([
      '2033/2034',
      '2032/2033',
      '2031/2032',
    ]);
    expect(list.items.find((p) => p.id === a.id)?.isCurrent).toBe(true);
  });

  it('deletes a period with its divisions and people, leaving other periods whole', async () => {
    const doomed = await newPeriod('2001/2002', 'Kabinet Hapus');
    const kept = await newPeriod('2002/2003', 'Kabinet Tetap Ada');
    const d1 = await newDivision(doomed.id, 'Divisi Satu');
    await newDivision(doomed.id, 'Divisi Dua');
    await newMember(doomed.id, 'Ketua Hapus', 'Ketua');
    await newMember(doomed.id, 'Anggota Hapus', 'Anggota', d1.id);
    const keptDivision = await newDivision(kept.id, 'Divisi Lain');
    await newMember(kept.id, 'Anggota Lain', 'Anggota', keptDivision.id);

    const res = await del(admin, `/api/structure/periods/${doomed.id}`);
    expect(res.status).toBe(204);
    expect(await db.select().from(orgPeriods).where(eq(orgPeriods.id, doomed.id))).toEqual([]);
    expect(
      await db.select().from(orgDivisions).where(eq(orgDivisions.periodId, doomed.id)),
    ).toEqual([]);
    expect(await db.select().from(orgMembers).where(eq(orgMembers.periodId, doomed.id))).toEqual(
      [],
    );
    const other = await detail(kept.id);
    expect(other.divisions.map((d) => [d.name, d.members.map((m) => m.name)])).toEqual([
      ['Divisi Lain', ['Anggota Lain']],
    ]);
    const [entry] = (await auditFor(doomed.id)).filter((e) => e.action === 'org-period.deleted');
    expect(entry!.summary).toBe(
      'Menghapus periode 2001/2002 "Kabinet Hapus" beserta 2 divisi dan 2 pengurus',
    );
    expect((await del(admin, `/api/structure/periods/${doomed.id}`)).status).toBe(404);
  });
});

describe('structure: divisions and people', () => {
  it('shows leaders and divisions in order, with photos of uploaded images', async () => {
    const period = await newPeriod('2040/2041', 'Kabinet Foto');
    const image = await uploadImage();
    const ketua = await newMember(period.id, 'Andi Pratama', 'Ketua', null, image.small.hash);
    expect(ketua.photoUrl).toBe(image.small.url);
    await newMember(period.id, 'Bunga Lestari', 'Wakil Ketua');
    const media = await newDivision(period.id, 'Media dan Informasi');
    const riset = await newDivision(period.id, 'Riset dan Keilmuan');
    await newMember(period.id, 'Citra Ayu', 'Kepala Divisi', media.id);
    await newMember(period.id, 'Dimas Arya', 'Staf', media.id);
    await newMember(period.id, 'Eka Putri', 'Kepala Divisi', riset.id);

    const d = await detail(period.id);
    expect(d.leaders.map((m) => [m.name, m.position])).toEqual([
      ['Andi Pratama', 'Ketua'],
      ['Bunga Lestari', 'Wakil Ketua'],
    ]);
    expect(d.divisions.map((x) => [x.name, x.members.map((m) => m.name)])).toEqual([
      ['Media dan Informasi', ['Citra Ayu', 'Dimas Arya']],
      ['Riset dan Keilmuan', ['Eka Putri']],
    ]);
    // The photo is served.
    const photo = await app.client().get(ketua.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const entries = await auditFor(ketua.id);
    expect(entries.map((e) => [e.entityType, e.summary])).toEqual([
      ['org-member', 'Menambahkan Andi Pratama (Ketua) pada struktur periode 2040/2041'],
    ]);
    expect((await auditFor(media.id)).map((e) => e.entityType)).toEqual(['org-division']);
  });

  it('refuses markup, unknown photos, documents as photos and divisions of another period', async () => {
    const period = await newPeriod('2041/2042', 'Kabinet Tolak');
    const other = await newPeriod('2042/2043', 'Kabinet Lain');
    const foreign = await newDivision(other.id, 'Divisi Lain');
    const doc = await uploadDocument();
    const before = await snapshot();
    const base = { name: 'Fajar Nugroho', position: 'Staf', divisionId: null, photo: null };
    const cases: [unknown, string, RegExp][] = [
      [{ ...base, name: '<script>alert(1)</script>' }, 'name', /Nama tidak boleh berisi < atau >/],
      [{ ...base, position: '' }, 'position', /Jabatan wajib diisi/],
      [{ ...base, photo: 'a'.repeat(64) }, 'photo', /Foto tidak ditemukan/],
      [{ ...base, photo: '../../etc/passwd' }, 'photo', /Foto tidak valid/],
      [{ ...base, photo: doc.hash }, 'photo', /Foto tidak ditemukan/],
      [
        { ...base, divisionId: foreign.id },
        'divisionId',
        /Divisi tidak ditemukan pada periode ini/,
      ],
      [{ ...base, divisionId: 'divisi' }, 'divisionId', /Divisi tidak valid/],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(`/api/structure/periods/${period.id}/members`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field]).toMatch(message);
    }
    const divisionRes = await admin.post(`/api/structure/periods/${period.id}/divisions`, {
      name: '<i>Divisi</i>',
    });
    expect(divisionRes.status).toBe(400);
    expect(((await divisionRes.json()) as ErrorBody).error.fields?.name).toMatch(/< atau >/);
    expect(await snapshot()).toEqual(before);
  });

  it('moves divisions and people up and down, refusing to move past either end', async () => {
    const period = await newPeriod('2050/2051', 'Kabinet Urut');
    const a = await newDivision(period.id, 'Divisi A');
    const b = await newDivision(period.id, 'Divisi B');
    const c = await newDivision(period.id, 'Divisi C');
    const names = async () => (await detail(period.id)).divisions.map((d) => d.name);
    const move = (kind: 'divisions' | 'members', id: string, direction: string) =>
      admin.post(`/api/structure/${kind}/${id}/move`, { direction });

    expect((await move('divisions', c.id, 'up')).status).toBe(204);
    expect(await names()).toEqual(['Divisi A', 'Divisi C', 'Divisi B']);
    expect((await move('divisions', a.id, 'down')).status).toBe(204);
    expect(await names()).toEqual(['Divisi C', 'Divisi A', 'Divisi B']);

    const before = await snapshot();
    const top = await move('divisions', c.id, 'up');
    expect(top.status).toBe(409);
    expect(((await top.json()) as ErrorBody).error.message).toBe(
      'Divisi ini sudah berada di urutan pertama.',
    );
    expect((await move('divisions', b.id, 'down')).status).toBe(409);
    const sideways = await move('divisions', b.id, 'left');
    expect(sideways.status).toBe(400);
    expect(((await sideways.json()) as ErrorBody).error.fields?.direction).toMatch(/Arah/);
    expect(await snapshot()).toEqual(before);

    // Leaders are ordered among themselves, members within their division.
    const ketua = await newMember(period.id, 'Gilang Ketua', 'Ketua');
    const sekretaris = await newMember(period.id, 'Hana Sekretaris', 'Sekretaris');
    const wakil = await newMember(period.id, 'Indra Wakil', 'Wakil Ketua');
    const staf1 = await newMember(period.id, 'Joko Staf', 'Staf', a.id);
    const kepala = await newMember(period.id, 'Kirana Kepala', 'Kepala Divisi', a.id);
    expect((await move('members', wakil.id, 'up')).status).toBe(204);
    expect((await move('members', kepala.id, 'up')).status).toBe(204);
    const d = await detail(period.id);
    expect(d.leaders.map((m) => m.id)).toEqual([ketua.id, wakil.id, sekretaris.id]);
    expect(d.divisions.find((x) => x.id === a.id)!.members.map((m) => m.id)).toEqual([
      kepala.id,
      staf1.id,
    ]);
    expect((await move('members', ketua.id, 'up')).status).toBe(409);
    const moved = (await auditFor(wakil.id)).map((e) => e.action);
    expect(moved).toEqual(['org-member.created', 'org-member.moved']);

    // A person changed to another division goes to its end; a leader can become a member.
    const res = await put(admin, `/api/structure/members/${sekretaris.id}`, {
      name: 'Hana Sekretaris',
      position: 'Staf',
      divisionId: a.id,
      photo: null,
    });
    expect(res.status).toBe(200);
    const after = await detail(period.id);
    expect(after.leaders.map((m) => m.id)).toEqual([ketua.id, wakil.id]);
    expect(after.divisions.find((x) => x.id === a.id)!.members.map((m) => m.name)).toEqual([
      'Kirana Kepala',
      'Joko Staf',
      'Hana Sekretaris',
    ]);
  });

  it('deletes a division with its members only, and a single person', async () => {
    const period = await newPeriod('2060/2061', 'Kabinet Hapus Divisi');
    const leader = await newMember(period.id, 'Lukman Ketua', 'Ketua');
    const gone = await newDivision(period.id, 'Divisi Hilang');
    const stays = await newDivision(period.id, 'Divisi Tinggal');
    await newMember(period.id, 'Maya Hilang', 'Staf', gone.id);
    await newMember(period.id, 'Nanda Hilang', 'Staf', gone.id);
    const staying = await newMember(period.id, 'Oki Tinggal', 'Staf', stays.id);

    expect((await del(admin, `/api/structure/divisions/${gone.id}`)).status).toBe(204);
    let d = await detail(period.id);
    expect(d.leaders.map((m) => m.name)).toEqual(['Lukman Ketua']);
    expect(d.divisions.map((x) => [x.name, x.members.map((m) => m.name)])).toEqual([
      ['Divisi Tinggal', ['Oki Tinggal']],
    ]);
    const [entry] = (await auditFor(gone.id)).filter((e) => e.action === 'org-division.deleted');
    expect(entry!.summary).toBe('Menghapus divisi "Divisi Hilang" beserta 2 anggota');

    expect((await del(admin, `/api/structure/members/${staying.id}`)).status).toBe(204);
    expect((await del(admin, `/api/structure/members/${staying.id}`)).status).toBe(404);
    d = await detail(period.id);
    expect(d.divisions[0]!.members).toEqual([]);
    expect(d.leaders.map((m) => m.id)).toEqual([leader.id]);
    expect((await auditFor(staying.id)).map((e) => e.action)).toContain('org-member.deleted');
  });
});

describe('site settings: footer and about', () => {
  const footerNow = async () =>
    (await (await app.client().get('/api/site/footer')).json()) as typeof DEFAULT_FOOTER;
  const aboutNow = async () =>
    (await (await app.client().get('/api/site/about')).json()) as typeof DEFAULT_ABOUT;

  it('serves the defaults until an admin saves, then the saved values', async () => {
    const res = await app.client().get('/api/site/footer');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(DEFAULT_FOOTER);
    expect(await aboutNow()).toEqual(DEFAULT_ABOUT);

    const logo = await uploadImage();
    const footer = {
      ...DEFAULT_FOOTER,
      tagline: 'Tagline baru BEM untuk uji.',
      socials: [{ label: 'Instagram', url: 'https://instagram.com/bem.poltek' }],
      supporters: [
        ...DEFAULT_FOOTER.supporters,
        { name: 'Mitra Uji', logo: logo.small.url, url: '' },
      ],
    };
    const saved = await put(admin, '/api/site/footer', footer);
    expect(saved.status).toBe(200);
    expect(await footerNow()).toEqual(footer);

    const about = {
      ...DEFAULT_ABOUT,
      visi: 'Visi baru yang diuji.',
      misi: ['Misi pertama.', 'Misi kedua.'],
      contact: { ...DEFAULT_ABOUT.contact, whatsapp: '+62 812-3456-7890', phone: '(0274) 489716' },
      mapUrl: 'https://maps.app.goo.gl/contoh',
    };
    expect((await put(admin, '/api/site/about', about)).status).toBe(200);
    expect(await aboutNow()).toEqual(about);

    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'site-settings'))
      .orderBy(asc(auditLog.seq));
    expect(entries.map((e) => [e.entityId, e.summary])).toEqual([
      ['footer', 'Mengubah footer situs'],
      ['about', 'Mengubah halaman Tentang'],
    ]);
  });

  it('refuses javascript: and other non-web links, markup and unknown logos, changing nothing', async () => {
    const footer = await footerNow();
    const about = await aboutNow();
    const before = await snapshot();
    const footerCases: [unknown, string, RegExp][] = [
      [
        { ...footer, socials: [{ label: 'Jahat', url: 'javascript:alert(1)' }] },
        'socials.0.url',
        /http:\/\/ atau https:\/\//,
      ],
      [
        { ...footer, socials: [{ label: 'Data', url: 'data:text/html,<script>x</script>' }] },
        'socials.0.url',
        /http:\/\/ atau https:\/\//,
      ],
      [
        {
          ...footer,
          supporters: [{ name: 'Mitra', logo: '/logos/brin.svg', url: 'javascript:x' }],
        },
        'supporters.0.url',
        /http:\/\/ atau https:\/\//,
      ],
      [
        {
          ...footer,
          supporters: [{ name: 'Mitra', logo: 'javascript:alert(1)', url: '' }],
        },
        'supporters.0.logo',
        /diunggah/,
      ],
      [
        { ...footer, supporters: [{ name: 'Mitra', logo: `/files/${'b'.repeat(64)}`, url: '' }] },
        'supporters.0.logo',
        /Logo tidak ditemukan/,
      ],
      [{ ...footer, tagline: '<b>tebal</b>' }, 'tagline', /tidak boleh berisi < atau >/],
      [{ ...footer, email: 'bukan-email' }, 'email', /Format email tidak valid/],
    ];
    for (const [body, field, message] of footerCases) {
      const res = await put(admin, '/api/site/footer', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field], field).toMatch(message);
    }
    const aboutCases: [unknown, string, RegExp][] = [
      [{ ...about, mapUrl: 'javascript:alert(1)' }, 'mapUrl', /https:\/\//],
      [{ ...about, mapUrl: 'http://maps.example.com/x' }, 'mapUrl', /https:\/\//],
      [{ ...about, misi: [] }, 'misi', /minimal satu butir misi/],
      [{ ...about, misi: ['<a href="x">misi</a>'] }, 'misi.0', /< atau >/],
      [{ ...about, visi: '' }, 'visi', /Visi wajib diisi/],
      [
        { ...about, contact: { ...about.contact, whatsapp: 'hubungi saya' } },
        'contact.whatsapp',
        /hanya boleh berisi angka/,
      ],
    ];
    for (const [body, field, message] of aboutCases) {
      const res = await put(admin, '/api/site/about', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field], field).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await footerNow()).toEqual(footer);
    expect(await aboutNow()).toEqual(about);
  });
});
