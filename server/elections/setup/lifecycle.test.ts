import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../people/admins/create-admin.ts';
import {
  auditLog,
  candidates,
  electionRoll,
  elections,
  participation,
  session,
  voters,
} from '../../db/schema/index.ts';
import { castThroughBooth, encryptChoice } from '../../test/booth.ts';
import { TestTrustee, runCeremony } from '../../test/trustee.ts';
import { startTestApp, type TestApp, type TestClient, type VoterInput } from '../../test/app.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let app: TestApp;
let master: TestClient;
let panitia: TestClient;
let otherPanitia: TestClient;
let electionId: string;
let draftId: string;
const people: { client: TestClient; input: VoterInput }[] = [];

async function approvedElection(emailPemohon: string) {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const req = await app.client().post('/api/election-requests', {
    namaPemilihan: 'Pemilihan Raya BEM 2027',
    penyelenggara: 'KPU BEM',
    deskripsi: 'Pemilihan ketua dan wakil ketua BEM periode 2027.',
    waktuMulai: start.toISOString(),
    waktuSelesai: new Date(start.getTime() + 3600_000).toISOString(),
    namaPemohon: 'Rina Putri',
    emailPemohon,
  });
  const { id } = (await req.json()) as { id: string };
  return (await (await master.post(`/api/election-requests/${id}/approve`)).json()) as {
    kodeUndangan: string;
    election: { id: string };
  };
}

async function committeeFor(code: string, email: string) {
  const client = app.client();
  const res = await client.post('/api/committee/register', {
    kodeUndangan: code,
    namaLengkap: 'Bayu Aji',
    email,
    password: 'sandi-panitia-1',
    confirmPassword: 'sandi-panitia-1',
  });
  expect(res.status).toBe(201);
  return client;
}

beforeAll(async () => {
  app = await startTestApp();
  await createAdmin(app.services.database.db, {
    email: 'm@bem.test',
    password: 'sandi-master-1',
    name: 'Master BEM',
    role: 'master',
  });
  master = app.client();
  await master.signIn('m@bem.test', 'sandi-master-1');
  // Each code is sent to its requester, who registers with it as the committee.
  const a = await approvedElection('panitia-a@x.test');
  electionId = a.election.id;
  panitia = await committeeFor(a.kodeUndangan, 'panitia-a@x.test');
  const b = await approvedElection('panitia-b@x.test');
  draftId = b.election.id;
  otherPanitia = await committeeFor(b.kodeUndangan, 'panitia-b@x.test');
  for (let i = 0; i < 4; i++) {
    const client = app.client();
    people.push({ client, input: await client.registerVoter() });
  }
  // Three are verified by an admin; the fourth still waits.
  await app.services.database.db
    .update(voters)
    .set({ status: 'verified' })
    .where(
      inArray(
        voters.nim,
        people.slice(0, 3).map((p) => p.input.nim),
      ),
    );
});
afterAll(() => app.stop());

const settings = (overrides: Record<string, unknown> = {}) => ({
  title: 'Pemilihan Raya BEM 2027',
  description: 'Pemilihan ketua dan wakil ketua BEM.',
  startsAt: new Date(Date.now() + 2500).toISOString(),
  endsAt: new Date(Date.now() + 3600_000).toISOString(),
  kotakKosong: true,
  abstain: false,
  rollMode: 'roll',
  rollProdi: [],
  rollYears: [],
  resultsRelease: 'on-close',
  ...overrides,
});
const candidate = (nomorUrut: number) => ({
  nomorUrut,
  namaKetua: `Ketua ${'ABCDEFGH'[nomorUrut]}`,
  namaWakil: `Wakil ${'ABCDEFGH'[nomorUrut]}`,
  visi: 'Kampus yang terbuka.',
  misi: '1. Transparansi\n2. Partisipasi',
  foto: '',
});
const put = (c: TestClient, p: string, json: unknown) => c.request('PUT', p, { json });

describe('preparing and running an election over HTTP', () => {
  it('refuses outsiders at every preparation step and changes nothing', async () => {
    const db = app.services.database.db;
    const snapshot = async () => ({
      election: (await db.select().from(elections).where(eq(elections.id, electionId)))[0],
      candidates: (
        await db
          .select({ n: count() })
          .from(candidates)
          .where(eq(candidates.electionId, electionId))
      )[0]!.n,
      roll: (
        await db
          .select({ n: count() })
          .from(electionRoll)
          .where(eq(electionRoll.electionId, electionId))
      )[0]!.n,
    });
    const before = await snapshot();
    const outsiders: [TestClient, number][] = [
      [app.client(), 401],
      [people[0]!.client, 403],
      [otherPanitia, 403],
      [master, 403], // the master oversees but does not prepare a committee's election
    ];
    for (const [client, status] of outsiders) {
      expect((await put(client, `/api/elections/${electionId}/settings`, settings())).status).toBe(
        status,
      );
      expect(
        (await client.post(`/api/elections/${electionId}/candidates`, candidate(1))).status,
      ).toBe(status);
      expect(
        (await client.post(`/api/elections/${electionId}/roll`, { csv: people[0]!.input.nim }))
          .status,
      ).toBe(status);
      expect((await client.post(`/api/elections/${electionId}/lock`)).status).toBe(status);
    }
    for (const [client, status] of outsiders.slice(0, 3)) {
      expect((await client.get(`/api/elections/${electionId}/overview`)).status).toBe(status);
      expect((await client.get(`/api/elections/${electionId}/roll`)).status).toBe(status);
    }
    expect((await master.get(`/api/elections/${electionId}/overview`)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a start already past when the settings are saved, at its field, changing nothing', async () => {
    const db = app.services.database.db;
    const [before] = await db.select().from(elections).where(eq(elections.id, electionId));
    const res = await put(
      panitia,
      `/api/elections/${electionId}/settings`,
      settings({ startsAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({
      startsAt: 'Waktu mulai sudah lewat; pilih waktu di masa depan.',
    });
    const [after] = await db.select().from(elections).where(eq(elections.id, electionId));
    expect(after).toEqual(before);
  });

  it('shows a draft its numbered steps, and before the lock the voters its rule matches now', async () => {
    type Overview = { steps: { step: string; done: boolean; problems: string[] }[] | null };
    expect(
      (await put(otherPanitia, `/api/elections/${draftId}/settings`, settings({ rollMode: 'all' })))
        .status,
    ).toBe(200);
    const overview = (await (
      await otherPanitia.get(`/api/elections/${draftId}/overview`)
    ).json()) as Overview;
    expect(overview.steps!.map((s) => [s.step, s.done])).toEqual([
      ['kandidat', false],
      ['pemilih', true],
      ['jadwal', true],
      ['wali-kunci', false],
      ['kunci', false],
    ]);
    expect(overview.steps![0]!.problems).toEqual(['Belum ada kandidat.']);

    type Roll = {
      prospective: boolean;
      total: number;
      items: { nim: string; namaLengkap: string; voted: boolean; standing: string }[];
    };
    const verified = people
      .slice(0, 3)
      .map((p) => p.input.nim)
      .sort();
    const roll = (await (await otherPanitia.get(`/api/elections/${draftId}/roll`)).json()) as Roll;
    // The three verified voters, not the one still waiting; nothing is written by looking.
    expect(roll.prospective).toBe(true);
    expect(roll.total).toBe(3);
    expect(roll.items.map((i) => i.nim)).toEqual(verified);
    expect(roll.items[0]).toMatchObject({ voted: false, standing: 'Masuk daftar saat dikunci' });
    const [stored] = await app.services.database.db
      .select({ n: count() })
      .from(electionRoll)
      .where(eq(electionRoll.electionId, draftId));
    expect(stored!.n).toBe(0);
    // Searchable by NIM and by name, and paged.
    const byNim = (await (
      await otherPanitia.get(`/api/elections/${draftId}/roll?q=${verified[1]}`)
    ).json()) as Roll;
    expect(byNim.items.map((i) => i.nim)).toEqual([verified[1]]);
    const name = roll.items[2]!.namaLengkap;
    const byName = (await (
      await otherPanitia.get(
        `/api/elections/${draftId}/roll?q=${encodeURIComponent(name.toUpperCase())}`,
      )
    ).json()) as Roll;
    expect(byName.items.map((i) => i.namaLengkap)).toContain(name);
    const page2 = (await (
      await otherPanitia.get(`/api/elections/${draftId}/roll?pageSize=2&page=2`)
    ).json()) as Roll;
    expect(page2).toMatchObject({ total: 3, items: [{ nim: verified[2] }] });
    // Another committee's preview stays closed to this one.
    expect((await panitia.get(`/api/elections/${draftId}/roll`)).status).toBe(403);
    // The reminder before the close is on unless turned off; a save without it keeps it as is.
    const reminderOf = async () =>
      (
        (await (await otherPanitia.get(`/api/elections/${draftId}/overview`)).json()) as {
          election: { reminderEnabled: boolean };
        }
      ).election.reminderEnabled;
    expect(await reminderOf()).toBe(true);
    expect(
      (
        await put(
          otherPanitia,
          `/api/elections/${draftId}/settings`,
          settings({ rollMode: 'all', reminderEnabled: false }),
        )
      ).status,
    ).toBe(200);
    expect(await reminderOf()).toBe(false);
    expect(
      (await put(otherPanitia, `/api/elections/${draftId}/settings`, settings({ rollMode: 'all' })))
        .status,
    ).toBe(200);
    expect(await reminderOf()).toBe(false);
    expect(
      (
        await put(
          otherPanitia,
          `/api/elections/${draftId}/settings`,
          settings({ rollMode: 'all', reminderEnabled: 'ya' }),
        )
      ).status,
    ).toBe(400);
    // Back to an imported roll: nothing is on it until a file is imported.
    expect((await put(otherPanitia, `/api/elections/${draftId}/settings`, settings())).status).toBe(
      200,
    );
    const imported = (await (
      await otherPanitia.get(`/api/elections/${draftId}/roll`)
    ).json()) as Roll;
    expect(imported).toMatchObject({ prospective: false, total: 0 });
  });

  it('lists what blocks locking, then takes settings, candidates and an imported roll after a preview', async () => {
    const overview = (await (
      await panitia.get(`/api/elections/${electionId}/overview`)
    ).json()) as { blockers: string[] };
    expect(overview.blockers).toContain('Belum ada kandidat.');

    expect((await put(panitia, `/api/elections/${electionId}/settings`, settings())).status).toBe(
      200,
    );
    expect(
      (await panitia.post(`/api/elections/${electionId}/candidates`, candidate(1))).status,
    ).toBe(201);
    expect(
      (await panitia.post(`/api/elections/${electionId}/candidates`, candidate(2))).status,
    ).toBe(201);
    const dup = await panitia.post(`/api/elections/${electionId}/candidates`, candidate(2));
    expect(dup.status).toBe(409);

    const nims = people.map((p) => p.input.nim);
    const csv = [
      'NIM,Nama',
      `${nims[0]},A`,
      `${nims[1]},B`,
      `${nims[2]},C`,
      `${nims[3]},D`,
      '0999999999,Belum Daftar',
      'abc,Salah',
      `${nims[0]},Dobel`,
      // hardening 5: the same student with a leading zero and spaces; a spreadsheet's notation.
      `0${nims[1]!.slice(0, 4)} ${nims[1]!.slice(4)},B lagi`,
      '9.99E+09,Rusak',
    ].join('\n');
    const preview = await panitia.post(`/api/elections/${electionId}/roll/preview`, { csv });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      nims: 5,
      verified: 3,
      unverified: [nims[3]],
      unregistered: ['999999999'],
      invalid: [
        { line: 7, value: 'abc', reason: expect.stringMatching(/Huruf/) },
        { line: 10, value: '9.99E+09', reason: expect.stringMatching(/notasi ilmiah/) },
      ],
      duplicates: [nims[0], nims[1]],
    });
    const [before] = await app.services.database.db
      .select({ n: count() })
      .from(electionRoll)
      .where(eq(electionRoll.electionId, electionId));
    expect(before!.n).toBe(0); // a preview stores nothing
    expect((await panitia.post(`/api/elections/${electionId}/roll`, { csv })).status).toBe(200);
    const roll = (await (
      await panitia.get(`/api/elections/${electionId}/roll?q=${nims[1]}`)
    ).json()) as {
      total: number;
      items: { nim: string; voted: boolean }[];
    };
    expect(roll).toMatchObject({ total: 1, items: [{ nim: nims[1], voted: false }] });

    // Its key must be held by its trustees first: the committee member and the witness of pair 1.
    const waiting = (await (await panitia.get(`/api/elections/${electionId}/overview`)).json()) as {
      blockers: string[];
      candidates: { id: string; nomorUrut: number }[];
    };
    expect(waiting.blockers).toEqual([
      'Upacara kunci belum dimulai: kunci pemilihan harus dipegang para wali kunci (tab Wali Kunci).',
    ]);
    const invited = await panitia.post(`/api/elections/${electionId}/witnesses/invitations`, {
      candidateId: waiting.candidates.find((c) => c.nomorUrut === 1)!.id,
      email: 'saksi-a@x.test',
    });
    expect(invited.status).toBe(201);
    const witness = app.client();
    const joined = await witness.post('/api/committee/register', {
      kodeUndangan: ((await invited.json()) as { code: string }).code,
      namaLengkap: 'Sinta Saksi',
      email: 'saksi-a@x.test',
      password: 'sandi-saksi-1',
      confirmPassword: 'sandi-saksi-1',
    });
    expect(joined.status).toBe(201);
    expect(
      (await panitia.post(`/api/elections/${electionId}/ceremony`, { ambang: 2 })).status,
    ).toBe(201);
    await runCeremony([new TestTrustee(panitia, electionId), new TestTrustee(witness, electionId)]);
    // The schedule again, its start a moment ahead of the lock that follows.
    expect((await put(panitia, `/api/elections/${electionId}/settings`, settings())).status).toBe(
      200,
    );
    const ready = (await (await panitia.get(`/api/elections/${electionId}/overview`)).json()) as {
      blockers: string[];
    };
    expect(ready.blockers).toEqual([]);
  });

  it('locks, after which candidates, roll and settings are refused', async () => {
    const locked = await panitia.post(`/api/elections/${electionId}/lock`);
    expect(locked.status).toBe(200);
    expect(await locked.json()).toMatchObject({ status: 'ready', rollSize: 5 });
    for (const res of [
      await panitia.post(`/api/elections/${electionId}/candidates`, candidate(3)),
      await put(panitia, `/api/elections/${electionId}/settings`, settings()),
      await panitia.post(`/api/elections/${electionId}/roll`, { csv: '0888888888' }),
      await panitia.post(`/api/elections/${electionId}/lock`),
    ]) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/sudah dikunci/);
    }
  });

  it('shows anyone the locked election’s candidates in ballot order, and nothing of a draft', async () => {
    const anyone = app.client();
    const res = await anyone.get(`/api/elections/${electionId}/candidates`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      election: { id: string };
      candidates: { nomorUrut: number; namaKetua: string; misi: string; foto: string }[];
    };
    expect(body.election.id).toBe(electionId);
    expect(body.candidates.map((c) => c.nomorUrut)).toEqual([1, 2]);
    expect(body.candidates[0]).toMatchObject({
      namaKetua: candidate(1).namaKetua,
      misi: candidate(1).misi,
      foto: '',
    });
    // A draft's candidates can still change: it is not public, to anyone.
    for (const client of [anyone, people[0]!.client, master]) {
      const draft = await client.get(`/api/elections/${draftId}/candidates`);
      expect(draft.status).toBe(404);
      expect(((await draft.json()) as ErrorBody).error.message).toBe('Pemilihan tidak ditemukan.');
    }
    // Nor is an archived one (cancelled, or taken off the public list).
    const db = app.services.database.db;
    await db.update(elections).set({ status: 'archived' }).where(eq(elections.id, draftId));
    expect((await anyone.get(`/api/elections/${draftId}/candidates`)).status).toBe(404);
    await db.update(elections).set({ status: 'draft' }).where(eq(elections.id, draftId));
    expect((await anyone.get(`/api/elections/${crypto.randomUUID()}/candidates`)).status).toBe(404);
    const bad = await anyone.get('/api/elections/bukan-id/candidates');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.message).toMatch(/ID pemilihan tidak valid/);
  });

  it('lets verified voters on the roll vote once while open, and tells the others why not', async () => {
    // The polls open at the scheduled start; rather than wait for it, the start moves to a
    // moment ago (the server reads the database's clock, so this is the clock moving on).
    await app.services.database.db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(elections.id, electionId));
    const ballot = (await (await people[0]!.client.get(`/api/voting/${electionId}`)).json()) as {
      choices: string[];
      me: { canVote: boolean };
      election: { phase: string };
    };
    expect(ballot.election.phase).toBe('open');
    expect(ballot.me.canVote).toBe(true);
    expect(ballot.choices).toHaveLength(2);

    // A new election is verifiable: the booth encrypts the choice; the Kode Bukti is the tracker.
    const booth = (
      (await (await people[0]!.client.get(`/api/voting/${electionId}`)).json()) as {
        verifiable: { election: string; slots: string[] };
      }
    ).verifiable;
    const credential = await people[0]!.client.credentialFor(electionId);
    const { res: cast, body: sent } = await castThroughBooth(
      people[0]!.client,
      electionId,
      ballot.choices[0]!,
    );
    expect(cast.status).toBe(201);
    expect(((await cast.json()) as { receipt: string }).receipt).toMatch(/^[A-Za-z0-9+/]{43}$/);
    // The same ballot again is a retry (answered alike); another ballot is a second vote.
    const retry = await people[0]!.client.post(`/api/voting/${electionId}/cast`, sent);
    expect(retry.status).toBe(201);
    const other = { ballot: encryptChoice({ ...booth, credential }, ballot.choices[1]!) };
    const twice = await people[0]!.client.post(`/api/voting/${electionId}/cast`, other);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.message).toMatch(
      /sudah memberikan suara pada/,
    );
    const pending = await people[3]!.client.post(`/api/voting/${electionId}/cast`, {
      choice: ballot.choices[0],
    });
    expect(pending.status).toBe(403);
    const anonymous = await app
      .client()
      .post(`/api/voting/${electionId}/cast`, { choice: ballot.choices[0] });
    expect(anonymous.status).toBe(401);

    const mine = (await (await people[0]!.client.get('/api/voters/me/elections')).json()) as {
      items: { id: string; votedAt: string | null }[];
    };
    expect(mine.items.find((e) => e.id === electionId)?.votedAt).toBeTruthy();
    const after = (await (await people[0]!.client.get(`/api/voting/${electionId}`)).json()) as {
      me: { canVote: boolean; reason: string };
    };
    expect(after.me).toMatchObject({
      canVote: false,
      reason: expect.stringMatching(/^Anda sudah memberikan suara pada .+ WIB\.$/),
    });
  });

  it('casts only with a genuine, unexpired session: forged, signed-out and expired ones change nothing', async () => {
    const db = app.services.database.db;
    const ballot = (await (await people[1]!.client.get(`/api/voting/${electionId}`)).json()) as {
      choices: string[];
    };
    const castWith = (cookie: string) =>
      app.client().request('POST', `/api/voting/${electionId}/cast`, {
        json: { choice: ballot.choices[0] },
        headers: { cookie: `better-auth.session_token=${cookie}` },
      });
    const marks = async () =>
      (
        await db
          .select({ n: count() })
          .from(participation)
          .where(eq(participation.electionId, electionId))
      )[0]!.n;
    const before = await marks();
    const genuine = people[1]!.client.cookies.get('better-auth.session_token')!;
    const [token, signature] = decodeURIComponent(genuine).split('.');
    // Another token under this signature (its first character changed, whatever it was), and a
    // token with no signature at all.
    const forged = `${token!.startsWith('x') ? 'y' : 'x'}${token!.slice(1)}`;
    expect((await castWith(encodeURIComponent(`${forged}.${signature}`))).status).toBe(401);
    expect((await castWith(token!)).status).toBe(401);
    // Signed out: the same cookie replayed is refused.
    await people[1]!.client.post('/api/auth/sign-out');
    expect((await castWith(genuine)).status).toBe(401);
    // Expired on the server: refused by the database clock.
    const other = people[2]!.client.cookies.get('better-auth.session_token')!;
    const otherToken = decodeURIComponent(other).split('.')[0]!;
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, otherToken));
    expect((await castWith(other)).status).toBe(401);
    expect(await marks()).toBe(before);
  });

  it('shows live turnout to the committee, and no count per candidate to anyone while open', async () => {
    const res = await panitia.get(`/api/elections/${electionId}/overview`);
    const text = await res.text();
    const overview = JSON.parse(text) as {
      turnout: { voted: number; rollSize: number };
      candidates: { id: string }[];
    };
    expect(overview.turnout).toMatchObject({ voted: 1, rollSize: 5, percent: 20 });
    expect(text).not.toMatch(/"(counts|votes|suara)"/i);
    const list = await app.client().get('/api/elections');
    expect(await list.text()).not.toMatch(/"(counts|votes)"/i);
  });

  it('extends the end with a reason kept in the audit log, and re-arms the reminder', async () => {
    const db = app.services.database.db;
    // A reminder was sent before the close that is now moved: it will be sent again.
    await db
      .update(elections)
      .set({ reminderMailedAt: new Date() })
      .where(eq(elections.id, electionId));
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const res = await panitia.post(`/api/elections/${electionId}/extend`, {
      endsAt,
      alasan: 'Gangguan listrik di kampus.',
    });
    expect(res.status).toBe(200);
    const entries = await app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'election.extended'))
      .orderBy(auditLog.seq);
    expect(entries.at(-1)?.details).toMatchObject({ alasan: 'Gangguan listrik di kampus.' });
    const [extended] = await db.select().from(elections).where(eq(elections.id, electionId));
    expect(extended!.reminderMailedAt).toBeNull();
    const earlier = await panitia.post(`/api/elections/${electionId}/extend`, {
      endsAt: new Date(Date.now() + 60_000).toISOString(),
      alasan: 'Coba dimajukan saja',
    });
    expect(earlier.status).toBe(409);
  });
});
