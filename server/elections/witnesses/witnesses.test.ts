// Witnesses (issue 17) over real HTTP: the committee invites one witness per candidate pair by
// email, the code works once and only for its address, the witness reads the overview and
// changes nothing, and nobody is both committee member and witness of one election.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  committeeInvitations,
  committeeMembers,
  elections,
  electionWitnesses,
} from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { createInvitation } from '../committee/invitations.ts';

let app: TestApp;
let master: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  master = await signedInStaff(app, {
    email: 'master.saksi@bem.test',
    password: 'rahasia-master-1',
    name: 'Master Saksi',
    role: 'master',
  });
});

afterAll(async () => {
  await app.stop();
});

type ErrorBody = { error: { message: string; fields?: Record<string, string> } };
type Slot = {
  candidateId: string;
  nomorUrut: number;
  witness: { namaLengkap: string; email: string } | null;
  invitation: { code: string; email: string; expiresAt: string } | null;
  abilities: { invite: boolean; revoke: boolean; remove: boolean };
};
type Overview = {
  viewerRole: string;
  canPrepare: boolean;
  abilities: Record<string, boolean>;
  witnesses: { candidateId: string; nomorUrut: number; namaLengkap: string; joinedAt: string }[];
};

const message = async (res: Response) => ((await res.json()) as ErrorBody).error.message;
const db = () => app.services.database.db;

let n = 0;
/**
 * A draft election approved by the master, its committee lead registered with the mailed code,
 * and two candidate pairs entered by the lead.
 */
async function draftWithPairs() {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const emailPemohon = `pemohon.saksi${++n}@mahasiswa.test`;
  const req = await app.client().post('/api/election-requests', {
    namaPemilihan: `Pemilihan Saksi ${n}`,
    penyelenggara: 'HIMA Uji',
    deskripsi: 'Pemilihan untuk menguji undangan saksi.',
    waktuMulai: start.toISOString(),
    waktuSelesai: new Date(start.getTime() + 8 * 3600_000).toISOString(),
    namaPemohon: 'Rina Pemohon',
    emailPemohon,
  });
  const { id } = (await req.json()) as { id: string };
  const approved = (await (await master.post(`/api/election-requests/${id}/approve`)).json()) as {
    kodeUndangan: string;
    election: { id: string };
  };
  const lead = app.client();
  const reg = await register(approved.kodeUndangan, emailPemohon, 'Rina Pemohon', lead);
  expect(reg.status).toBe(201);
  const electionId = approved.election.id;
  const pairs: string[] = [];
  for (const nomorUrut of [1, 2, 3]) {
    const res = await lead.post(`/api/elections/${electionId}/candidates`, {
      nomorUrut,
      namaKetua: `Ketua Nomor ${['Satu', 'Dua', 'Tiga'][nomorUrut - 1]}`,
      namaWakil: `Wakil Nomor ${['Satu', 'Dua', 'Tiga'][nomorUrut - 1]}`,
      visi: 'Kampus yang terbuka.',
      misi: '1. Transparansi',
      foto: '',
    });
    expect(res.status).toBe(201);
    pairs.push(((await res.json()) as { id: string }).id);
  }
  return { electionId, lead, leadEmail: emailPemohon, pairs };
}

function register(code: string, email: string, namaLengkap: string, client = app.client()) {
  return client.post('/api/committee/register', {
    kodeUndangan: code,
    namaLengkap,
    email,
    password: 'sandi-saksi-1',
    confirmPassword: 'sandi-saksi-1',
  });
}

const invite = (client: TestClient, electionId: string, candidateId: string, email: string) =>
  client.post(`/api/elections/${electionId}/witnesses/invitations`, { candidateId, email });

async function invited(client: TestClient, electionId: string, candidateId: string, email: string) {
  const res = await invite(client, electionId, candidateId, email);
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

const slots = async (client: TestClient, electionId: string) =>
  ((await (await client.get(`/api/elections/${electionId}/witnesses`)).json()) as { items: Slot[] })
    .items;

const overview = async (client: TestClient, electionId: string) => {
  const res = await client.get(`/api/elections/${electionId}/overview`);
  expect(res.status).toBe(200);
  return (await res.json()) as Overview;
};

/** The mail with the code sent to `to`, waiting for it. */
async function invitationMail(to: string) {
  await expect
    .poll(() => app.sentMail.some((m) => m.to === to && m.subject === 'Undangan saksi pemilihan'))
    .toBe(true);
  return app.sentMail.findLast((m) => m.to === to && m.subject === 'Undangan saksi pemilihan')!;
}

describe('witnesses (saksi)', () => {
  it('the committee invites one witness per pair by email; the mail names the pair and carries the code', async () => {
    const { electionId, lead, leadEmail, pairs } = await draftWithPairs();
    const email = `saksi.satu${n}@mahasiswa.test`;
    // Nobody else invites: anonymous, a voter, the master (who only looks).
    expect((await invite(app.client(), electionId, pairs[0]!, email)).status).toBe(401);
    const voter = app.client();
    await voter.registerVoter();
    expect((await invite(voter, electionId, pairs[0]!, email)).status).toBe(403);
    expect((await invite(master, electionId, pairs[0]!, email)).status).toBe(403);

    const res = await invite(lead, electionId, pairs[0]!, email.toUpperCase());
    expect(res.status).toBe(201);
    const out = (await res.json()) as { code: string; email: string; candidateId: string };
    expect(out.code).toMatch(/^SKS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(out).toMatchObject({ email, candidateId: pairs[0] });
    const [row] = await db()
      .select()
      .from(committeeInvitations)
      .where(eq(committeeInvitations.code, out.code));
    expect(row).toMatchObject({ role: 'saksi', candidateId: pairs[0], email, usedAt: null });
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.01);

    const mail = await invitationMail(email);
    expect(mail.text).toContain(out.code);
    expect(mail.text).toContain('Pasangan nomor 1: Ketua Nomor Satu & Wakil Nomor Satu');
    expect(mail.text).toContain('/register-panitia');

    // Audited, without the address.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, electionId), eq(auditLog.action, 'witness.invitation-issued')),
      );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(email);

    // A second live invitation for the same pair is refused, as are a pair of another election,
    // a committee member and someone already invited for another pair.
    const again = await invite(lead, electionId, pairs[0]!, `saksi.lain${n}@mahasiswa.test`);
    expect(again.status).toBe(409);
    expect(await message(again)).toMatch(/undangan saksi yang masih berlaku/);
    const other = await draftWithPairs();
    expect((await invite(lead, electionId, other.pairs[0]!, email)).status).toBe(404);
    const member = await invite(lead, electionId, pairs[1]!, leadEmail);
    expect(member.status).toBe(409);
    expect(await message(member)).toMatch(/anggota panitia/);
    const twice = await invite(lead, electionId, pairs[1]!, email);
    expect(twice.status).toBe(409);
    expect(await message(twice)).toMatch(/satu pasangan saja/);
    // Input is checked, in Indonesian.
    const bad = await lead.post(`/api/elections/${electionId}/witnesses/invitations`, {
      candidateId: 'bukan-id',
      email: 'bukan email',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toMatchObject({
      candidateId: 'ID kandidat tidak valid.',
      email: 'Format email tidak valid.',
    });

    // The list: pair 1 waits for its invitation; pairs 2 and 3 may be invited.
    const list = await slots(lead, electionId);
    expect(list.map((s) => s.nomorUrut)).toEqual([1, 2, 3]);
    expect(list[0]).toMatchObject({
      witness: null,
      invitation: { code: out.code, email },
      abilities: { invite: false, revoke: true },
    });
    expect(list[1]).toMatchObject({
      witness: null,
      invitation: null,
      abilities: { invite: true, revoke: false },
    });
    // The master sees it and may do nothing; no one outside sees it.
    expect((await slots(master, electionId))[0]!.abilities).toEqual({
      invite: false,
      revoke: false,
      remove: false,
    });
    expect((await voter.get(`/api/elections/${electionId}/witnesses`)).status).toBe(403);
  });

  it('a code works once and only for its address; the witness reads the overview and changes nothing', async () => {
    const { electionId, lead, leadEmail, pairs } = await draftWithPairs();
    const email = `saksi.dua${n}@mahasiswa.test`;
    const code = await invited(lead, electionId, pairs[0]!, email);

    const stranger = await register(code, `orang.lain${n}@mahasiswa.test`, 'Orang Lain');
    expect(stranger.status).toBe(400);
    expect(await message(stranger)).toMatch(/alamat email lain/);

    const witness = app.client();
    const reg = await register(code.toLowerCase(), email, 'Sari Saksi', witness);
    expect(reg.status).toBe(201);
    const body = (await reg.json()) as {
      role: string;
      electionId: string;
      me: { abilities: { committeeOf: string[]; witnessOf: string[] } };
    };
    expect(body).toMatchObject({ role: 'saksi', electionId });
    expect(body.me.abilities).toMatchObject({ committeeOf: [], witnessOf: [electionId] });
    const me = await witness.me();
    expect(me.abilities.committeeOf).toEqual([]);
    expect((me.abilities as unknown as { witnessOf: string[] }).witnessOf).toEqual([electionId]);
    const mine = (await (await witness.get('/api/committee/elections')).json()) as {
      items: { id: string; role: string }[];
    };
    expect(mine.items).toEqual([expect.objectContaining({ id: electionId, role: 'saksi' })]);
    const leads = (await (await lead.get('/api/committee/elections')).json()) as typeof mine;
    expect(leads.items).toEqual([expect.objectContaining({ id: electionId, role: 'panitia' })]);

    const reuse = await register(code, `saksi.kedua${n}@mahasiswa.test`, 'Saksi Kedua');
    expect(reuse.status).toBe(400);
    expect(await message(reuse)).toMatch(/sudah dipakai/);

    // The committee (and the witness) are told.
    for (const to of [leadEmail, email])
      await expect
        .poll(() =>
          app.sentMail.some(
            (m) =>
              m.to === to &&
              m.subject === 'Perubahan saksi pemilihan' &&
              m.text.includes(email) &&
              m.text.includes('Pasangan nomor 1'),
          ),
        )
        .toBe(true);

    // The witness reads the overview, with every ability off; the others read it in their role.
    const seen = await overview(witness, electionId);
    expect(seen.viewerRole).toBe('saksi');
    expect(seen.canPrepare).toBe(false);
    expect(Object.values(seen.abilities).every((v) => v === false)).toBe(true);
    expect(seen.witnesses).toEqual([
      {
        candidateId: pairs[0],
        nomorUrut: 1,
        namaLengkap: 'Sari Saksi',
        joinedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(seen)).not.toContain(email);
    expect((await overview(lead, electionId)).viewerRole).toBe('panitia');
    expect((await overview(master, electionId)).viewerRole).toBe('master');
    // The trustees' progress too.
    expect((await witness.get(`/api/elections/${electionId}/ceremony`)).status).toBe(200);

    // Refused everywhere else: settings, candidates, roll, lock, the ceremony, the witnesses.
    const before = await db().select().from(elections).where(eq(elections.id, electionId));
    const refused: [string, string, unknown?][] = [
      ['PUT', `/api/elections/${electionId}/settings`, {}],
      ['POST', `/api/elections/${electionId}/candidates`, {}],
      ['PUT', `/api/elections/${electionId}/candidates/${pairs[0]}`, {}],
      ['DELETE', `/api/elections/${electionId}/candidates/${pairs[0]}`],
      ['POST', `/api/elections/${electionId}/roll/preview`, { csv: 'NIM\n1234567890' }],
      ['POST', `/api/elections/${electionId}/roll`, { csv: 'NIM\n1234567890' }],
      ['GET', `/api/elections/${electionId}/roll`],
      ['POST', `/api/elections/${electionId}/lock`],
      ['POST', `/api/elections/${electionId}/ceremony`, { ambang: 2 }],
      ['GET', `/api/elections/${electionId}/witnesses`],
      [
        'POST',
        `/api/elections/${electionId}/witnesses/invitations`,
        { candidateId: pairs[1], email: 'x@uji.test' },
      ],
    ];
    for (const [method, path, json] of refused) {
      const res = await witness.request(method, path, json === undefined ? {} : { json });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 403`);
    }
    expect(await db().select().from(elections).where(eq(elections.id, electionId))).toEqual(before);

    // Every other operation of an election's committee, trustees or master refuses the witness.
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    const reading = new Set(['election.viewOverview', 'election.viewTrustees']);
    let tried = 0;
    for (const [template, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const who = op['x-access'] ?? '';
        if (!who.startsWith('election.') || reading.has(who)) continue;
        const path = template
          .replace('{id}', electionId)
          .replace('{code}', code)
          .replace(/\{\w+\}/g, pairs[0]!);
        const res = await witness.request(
          method.toUpperCase(),
          path,
          method === 'get' ? {} : { json: {} },
        );
        expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 403`);
        tried++;
      }
    expect(tried).toBeGreaterThan(20);

    // The pair has its witness: no second one.
    const second = await invite(lead, electionId, pairs[0]!, `saksi.ketiga${n}@mahasiswa.test`);
    expect(second.status).toBe(409);
    expect(await message(second)).toMatch(/sudah memiliki saksi/);
    expect((await slots(lead, electionId))[0]).toMatchObject({
      witness: { namaLengkap: 'Sari Saksi', email },
      invitation: null,
      abilities: { invite: false, revoke: false },
    });

    // A signed-in person joins with a code sent to their own address (the name of their account).
    const voter = app.client();
    const input = await voter.registerVoter({ namaLengkap: 'Budi Pemilih' });
    const voterCode = await invited(lead, electionId, pairs[1]!, input.email);
    const joined = await voter.post('/api/committee/join', { kodeUndangan: ` ${voterCode} ` });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ electionId, role: 'saksi' });
    expect((await overview(voter, electionId)).witnesses.map((w) => w.namaLengkap)).toEqual([
      'Sari Saksi',
      'Budi Pemilih',
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, electionId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['witness.registered', 'witness.joined']),
    );
  });

  it('a committee member is not also a witness, nor a witness a committee member', async () => {
    const { electionId, lead, leadEmail, pairs } = await draftWithPairs();
    // A code sent to the lead's address before they were on the committee (made directly here:
    // the invitation route refuses a committee member's address).
    const { code } = await createInvitation(db(), electionId, null, leadEmail, {
      role: 'saksi',
      candidateId: pairs[0]!,
    });
    const res = await lead.post('/api/committee/join', { kodeUndangan: code });
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(/panitia tidak dapat sekaligus menjadi saksi/);
    const [row] = await db()
      .select()
      .from(committeeInvitations)
      .where(eq(committeeInvitations.code, code));
    expect(row!.usedAt).toBeNull();
    expect(
      await db()
        .select()
        .from(electionWitnesses)
        .where(eq(electionWitnesses.electionId, electionId)),
    ).toEqual([]);

    // A witness's committee code is refused too, and the master cannot add them.
    const email = `saksi.panitia${n}@mahasiswa.test`;
    const witness = app.client();
    expect(
      (
        await register(
          await invited(lead, electionId, pairs[1]!, email),
          email,
          'Wati Saksi',
          witness,
        )
      ).status,
    ).toBe(201);
    const issued = await master.post(`/api/oversight/elections/${electionId}/invitations`, {
      email,
    });
    expect(issued.status).toBe(201);
    const { code: committeeCode } = (await issued.json()) as { code: string };
    const join = await witness.post('/api/committee/join', { kodeUndangan: committeeCode });
    expect(join.status).toBe(409);
    expect(await message(join)).toMatch(/saksi tidak dapat sekaligus menjadi anggota panitia/);
    expect((await witness.me()).abilities.committeeOf).toEqual([]);
    const add = await master.post(`/api/oversight/elections/${electionId}/committee`, { email });
    expect(add.status).toBe(409);
    expect(
      await db().select().from(committeeMembers).where(eq(committeeMembers.electionId, electionId)),
    ).toHaveLength(1);
    // The master's oversight lists committee codes only.
    const all = (await (await master.get('/api/oversight/elections')).json()) as {
      items: { id: string; invitations: { code: string }[] }[];
    };
    const codes = all.items.find((e) => e.id === electionId)!.invitations.map((i) => i.code);
    expect(codes.every((c) => c.startsWith('PNT-'))).toBe(true);
  });

  it('a pending invitation is revoked, then the pair can be invited again; none after lock', async () => {
    const { electionId, lead, pairs } = await draftWithPairs();
    const email = `saksi.cabut${n}@mahasiswa.test`;
    const code = await invited(lead, electionId, pairs[0]!, email);
    const revoke = (client: TestClient, c = code) =>
      client.post(`/api/elections/${electionId}/witnesses/invitations/${c}/revoke`);
    expect((await revoke(master)).status).toBe(403);
    expect((await revoke(lead)).status).toBe(204);
    expect((await revoke(lead)).status).toBe(404);
    const late = await register(code, email, 'Saksi Terlambat');
    expect(late.status).toBe(400);
    expect(await message(late)).toMatch(/dicabut/);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, electionId), eq(auditLog.action, 'witness.invitation-revoked')),
      );
    expect(audit).toHaveLength(1);

    // A new invitation for the pair, then the election is locked: no invitation, no joining.
    const fresh = await invited(lead, electionId, pairs[0]!, email);
    await db()
      .update(elections)
      .set({ status: 'ready', lockedAt: new Date(), rollSize: 0 })
      .where(eq(elections.id, electionId));
    const afterLock = await invite(lead, electionId, pairs[1]!, `saksi.kunci${n}@mahasiswa.test`);
    expect(afterLock.status).toBe(409);
    expect(await message(afterLock)).toMatch(/sudah dikunci/);
    const joinLate = await register(fresh, email, 'Saksi Terlambat');
    expect(joinLate.status).toBe(400);
    expect(await message(joinLate)).toMatch(/saksi baru tidak dapat bergabung/);
    expect((await slots(lead, electionId)).every((s) => !s.abilities.invite)).toBe(true);
  });

  it('a witness who went away is removed with a reason: they lose the overview, the ceremony they held a place in must restart before lock', async () => {
    const { electionId, lead, leadEmail, pairs } = await draftWithPairs();
    const joined: { client: TestClient; email: string; name: string }[] = [];
    for (const [i, name] of ['Sari Pergi', 'Tono Tetap'].entries()) {
      const email = `saksi.hapus${i}.${n}@mahasiswa.test`;
      const code = await invited(lead, electionId, pairs[i]!, email);
      const client = app.client();
      expect((await register(code, email, name, client)).status).toBe(201);
      joined.push({ client, email, name });
    }
    const [gone, staying] = joined as [(typeof joined)[0], (typeof joined)[0]];
    const started = await lead.post(`/api/elections/${electionId}/ceremony`, { ambang: 2 });
    expect(started.status).toBe(201);
    const remove = (
      client: TestClient,
      candidateId = pairs[0]!,
      alasan: unknown = 'Saksi pindah kampus.',
    ) => client.post(`/api/elections/${electionId}/witnesses/${candidateId}/remove`, { alasan });
    const witnessRows = () =>
      db().select().from(electionWitnesses).where(eq(electionWitnesses.electionId, electionId));

    // Nobody but the committee removes a witness; bad input changes nothing.
    for (const client of [master, gone.client, staying.client, app.client()])
      expect([401, 403]).toContain((await remove(client)).status);
    const short = await remove(lead, pairs[0], 'x');
    expect(short.status).toBe(400);
    expect(await message(short)).toMatch(/Alasan minimal 5 karakter/);
    const none = await remove(lead, pairs[2]);
    expect(none.status).toBe(404);
    expect(await message(none)).toBe('Pasangan calon ini tidak memiliki saksi.');
    expect(await witnessRows()).toHaveLength(2);
    expect((await slots(lead, electionId)).map((s) => s.abilities.remove)).toEqual([
      true,
      true,
      false,
    ]);

    expect((await remove(lead)).status).toBe(204);
    expect((await witnessRows()).map((w) => w.namaLengkap)).toEqual(['Tono Tetap']);
    expect((await gone.client.get(`/api/elections/${electionId}/overview`)).status).toBe(403);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, electionId), eq(auditLog.action, 'witness.removed')));
    expect(audit?.summary).toContain('Sari Pergi');
    expect(audit?.summary).toContain('Saksi pindah kampus.');
    for (const to of [leadEmail, gone.email])
      await expect
        .poll(() =>
          app.sentMail.some(
            (m) =>
              m.to === to &&
              m.subject === 'Perubahan saksi pemilihan' &&
              m.text.includes('Sari Pergi tidak lagi menjadi saksi Pasangan nomor 1'),
          ),
        )
        .toBe(true);

    // The ceremony no longer matches the people of the election: the tab says so, lock refuses.
    const ceremony = (await (await lead.get(`/api/elections/${electionId}/ceremony`)).json()) as {
      drift: { joined: string[]; left: string[] } | null;
    };
    expect(ceremony.drift).toEqual({ joined: [], left: ['Sari Pergi'] });
    const lock = await lead.post(`/api/elections/${electionId}/lock`);
    expect(lock.status).toBe(409);
    expect(await message(lock)).toContain(
      'Wali kunci tidak lagi sama dengan panitia dan saksi pemilihan ini (Sari Pergi sudah tidak menjadi panitia atau saksi): mulai ulang upacara kunci.',
    );
    // A restart takes the people of the moment: the removed witness holds no place.
    const restarted = await lead.post(`/api/elections/${electionId}/ceremony/restart`, {
      ambang: 2,
      alasan: 'Saksi nomor 1 dihapus.',
    });
    expect(restarted.status).toBe(200);
    const after = (await restarted.json()) as {
      drift: unknown;
      ceremony: { trustees: { namaLengkap: string }[] };
    };
    expect(after.drift).toBeNull();
    expect(after.ceremony.trustees.map((t) => t.namaLengkap)).toEqual([
      'Rina Pemohon',
      'Tono Tetap',
    ]);
    expect((await gone.client.get(`/api/elections/${electionId}/ceremony/me`)).status).toBe(403);

    // Once locked, a witness can no longer be removed.
    await db()
      .update(elections)
      .set({ status: 'ready', lockedAt: new Date(), rollSize: 0 })
      .where(eq(elections.id, electionId));
    const late = await remove(lead, pairs[1]);
    expect(late.status).toBe(409);
    expect(await message(late)).toMatch(/sudah dikunci/);
    expect(await witnessRows()).toHaveLength(1);
  });
});
