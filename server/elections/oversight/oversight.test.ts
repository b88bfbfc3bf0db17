import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../people/admins/create-admin.ts';
import {
  auditLog,
  committeeInvitations,
  committeeMembers,
  elections,
  user,
} from '../../db/schema/index.ts';
import { createInvitation } from '../committee/invitations.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertClosedElection, insertOpenElection, insertVoters } from '../../test/elections.ts';
import { startSmtpCatcher } from '../../test/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let db: TestApp['services']['database']['db'];
let master: TestClient;
let admin: TestClient;
let voter: TestClient;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url });
  db = app.services.database.db;
  await createAdmin(db, {
    email: 'master.awas@bem.test',
    password: 'sandi-master-1',
    name: 'Sari Master',
    role: 'master',
  });
  await createAdmin(db, {
    email: 'admin.awas@bem.test',
    password: 'sandi-admin-1',
    name: 'Budi Admin',
    role: 'admin',
  });
  master = app.client();
  expect((await master.signIn('master.awas@bem.test', 'sandi-master-1')).status).toBe(200);
  admin = app.client();
  expect((await admin.signIn('admin.awas@bem.test', 'sandi-admin-1')).status).toBe(200);
  voter = app.client();
  await voter.registerVoter();
});
afterAll(async () => {
  await app.stop();
  await smtp.close();
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Overseen = {
  id: string;
  status: string;
  phase: string;
  voted: number;
  committee: { userId: string; namaLengkap: string; email: string }[];
  invitations: { code: string; state: string }[];
};

async function draftElection(title = 'Pemilihan Ketua Himpunan') {
  const [election] = await db
    .insert(elections)
    .values({
      title,
      organizer: 'HIMA Uji',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
    })
    .returning();
  const invitation = await createInvitation(db, election!.id, null, 'panitia.draf@uji.test');
  return { election: election!, code: invitation.code };
}

/** A signed-in voter who is also on the committee of `electionId`. */
async function committeeOf(electionId: string) {
  const client = app.client();
  const input = await client.registerVoter({ namaLengkap: 'Dewi Panitia' });
  const [account] = await db.select().from(user).where(eq(user.email, input.email));
  await db
    .insert(committeeMembers)
    .values({ electionId, userId: account!.id, namaLengkap: 'Dewi Panitia' });
  return { client, userId: account!.id, email: input.email };
}

const closedElection = async (resultsRelease: 'on-close' | 'manual') =>
  (await insertClosedElection(db, { votes: [0, 1, 1], resultsRelease })).election;

const statusOf = async (id: string) =>
  (await db.select().from(elections).where(eq(elections.id, id)))[0]!;
const members = (id: string) =>
  db.select().from(committeeMembers).where(eq(committeeMembers.electionId, id));
const auditActions = async (id: string) =>
  (await db.select().from(auditLog).where(eq(auditLog.electionId, id)).orderBy(auditLog.seq)).map(
    (a) => a.action,
  );

describe('master oversight of elections', () => {
  it('refuses every oversight operation to anyone but the master, and nothing changes', async () => {
    const { election, code } = await draftElection();
    const committee = await committeeOf(election.id);
    const base = `/api/oversight/elections/${election.id}`;
    const auditBefore = await db.select().from(auditLog);
    const attempts: [string, string, unknown?][] = [
      ['POST', `${base}/committee`, { email: 'master.awas@bem.test' }],
      ['DELETE', `${base}/committee/${committee.userId}`],
      ['POST', `${base}/invitations`, { email: 'undangan.awas@uji.test' }],
      ['POST', `${base}/invitations/${code}/revoke`],
      ['POST', `${base}/archive`],
    ];
    for (const [who, client, expected] of [
      ['anonymous', app.client(), 401],
      ['voter', voter, 403],
      ['admin', admin, 403],
      ['committee', committee.client, 403],
    ] as const) {
      const list = await client.get('/api/oversight/elections');
      expect(list.status, `${who} list`).toBe(expected);
      for (const [method, url, json] of attempts) {
        const res = await client.request(method, url, { json });
        expect(res.status, `${who} ${method} ${url}`).toBe(expected);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.message).toMatch(/masuk|akses|izin/i);
      }
    }
    expect((await members(election.id)).map((m) => m.userId)).toEqual([committee.userId]);
    const codes = await db
      .select()
      .from(committeeInvitations)
      .where(eq(committeeInvitations.electionId, election.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.revokedAt).toBeNull();
    expect((await statusOf(election.id)).status).toBe('draft');
    expect(await db.select().from(auditLog)).toHaveLength(auditBefore.length);
  });

  it('lists every election with its committee, codes and turnout', async () => {
    const { election, code } = await draftElection('Pemilihan Daftar Awas');
    const committee = await committeeOf(election.id);
    const closed = await closedElection('on-close');
    const res = await master.get('/api/oversight/elections');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Overseen[] };
    const draft = items.find((i) => i.id === election.id)!;
    expect(draft).toMatchObject({ status: 'draft', phase: 'draft', voted: 0 });
    expect(draft.committee).toEqual([
      expect.objectContaining({ userId: committee.userId, email: committee.email }),
    ]);
    expect(draft.invitations).toEqual([expect.objectContaining({ code, state: 'active' })]);
    expect(items.find((i) => i.id === closed.id)).toMatchObject({ phase: 'closed', voted: 3 });
  });

  it('adds an existing account to the committee by email and removes it again', async () => {
    const { election } = await draftElection();
    const person = app.client();
    const input = await person.registerVoter({ namaLengkap: 'Rina Calon Panitia' });
    const url = `/api/oversight/elections/${election.id}/committee`;

    const unknown = await master.post(url, { email: 'belum.ada@mahasiswa.test' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.fields?.email).toMatch(/Belum ada akun/);
    const bad = await master.post(url, { email: 'bukan email' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields?.email).toMatch(/email/i);
    expect(await members(election.id)).toHaveLength(0);

    const added = await master.post(url, { email: input.email.toUpperCase() });
    expect(added.status).toBe(201);
    const { userId } = (await added.json()) as { userId: string };
    expect((await person.me()).abilities.committeeOf).toEqual([election.id]);
    expect((await person.get(`/api/elections/${election.id}/overview`)).status).toBe(200);
    const twice = await master.post(url, { email: input.email });
    expect(twice.status).toBe(409);
    // The master oversees; it does not join a committee.
    const self = await master.post(url, { email: 'master.awas@bem.test' });
    expect(self.status).toBe(409);
    expect(((await self.json()) as ErrorBody).error.fields?.email).toMatch(/diri sendiri/);
    expect(await members(election.id)).toHaveLength(1);

    const removed = await master.request('DELETE', `${url}/${userId}`);
    expect(removed.status).toBe(204);
    expect((await person.get(`/api/elections/${election.id}/overview`)).status).toBe(403);
    expect((await person.me()).abilities.committeeOf).toEqual([]);
    expect((await master.request('DELETE', `${url}/${userId}`)).status).toBe(404);
    expect(await auditActions(election.id)).toEqual(
      expect.arrayContaining(['committee.member-added', 'committee.member-removed']),
    );
  });

  it('issues a code by mail, and a revoked code no longer lets anyone join', async () => {
    const { election } = await draftElection('Pemilihan Kode Baru');
    const issued = await master.post(`/api/oversight/elections/${election.id}/invitations`, {
      email: 'calon.panitia@mahasiswa.test',
    });
    expect(issued.status).toBe(201);
    const { code, state } = (await issued.json()) as { code: string; state: string };
    expect(state).toBe('active');
    const mail = await smtp.waitFor('calon.panitia@mahasiswa.test');
    expect(mail.text).toContain(code);
    expect(mail.subject).toBe('Undangan panitia pemilihan');
    expect(mail.text).toContain('Pemilihan Kode Baru');

    const revoke = `/api/oversight/elections/${election.id}/invitations/${code}/revoke`;
    expect((await master.post(revoke)).status).toBe(204);
    expect((await master.post(revoke)).status).toBe(404);
    const joiner = app.client();
    await joiner.registerVoter();
    const join = await joiner.post('/api/committee/join', { kodeUndangan: code });
    expect(join.status).toBe(400);
    expect(((await join.json()) as ErrorBody).error.message).toMatch(/dicabut/);
    expect(await members(election.id)).toHaveLength(0);
    // A code of another election cannot be revoked through this one.
    const other = await draftElection();
    const cross = `/api/oversight/elections/${election.id}/invitations/${other.code}/revoke`;
    expect((await master.post(cross)).status).toBe(404);
  });

  it('archives a draft (its codes stop working, it is gone for the public)', async () => {
    const { election, code } = await draftElection();
    const res = await master.post(`/api/oversight/elections/${election.id}/archive`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { phase: string }).phase).toBe('archived');
    expect((await app.client().get(`/api/results/${election.id}`)).status).toBe(404);
    const joiner = app.client();
    await joiner.registerVoter();
    expect((await joiner.post('/api/committee/join', { kodeUndangan: code })).status).toBe(400);
    expect((await master.post(`/api/oversight/elections/${election.id}/archive`)).status).toBe(409);
    expect(await auditActions(election.id)).toContain('election.archived');
    // Nothing more is done to an archived election.
    const base = `/api/oversight/elections/${election.id}`;
    expect((await master.post(`${base}/invitations`, { email: 'x@uji.test' })).status).toBe(409);
    expect((await master.post(`${base}/committee`, { email: 'admin.awas@bem.test' })).status).toBe(
      409,
    );
  });

  it('refuses to archive a locked election before its polls close, and changes nothing', async () => {
    const { election } = await insertOpenElection(db, { nims: [] });
    const upcoming = await insertOpenElection(db, { startsInMs: 3_600_000, endsInMs: 7_200_000 });
    for (const e of [election, upcoming.election]) {
      const res = await master.post(`/api/oversight/elections/${e.id}/archive`);
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/setelah pemungutan suara/);
      expect((await statusOf(e.id)).status).toBe('ready');
    }
  });

  it('archives a closed election: the box is sealed first and its results stay public', async () => {
    const election = await closedElection('on-close');
    const res = await master.post(`/api/oversight/elections/${election.id}/archive`);
    expect(res.status).toBe(200);
    const row = await statusOf(election.id);
    expect(row.status).toBe('archived');
    expect(row.ballotChainHead).toMatch(/^[0-9a-f]{64}$/);
    const results = await app.client().get(`/api/results/${election.id}`);
    const body = (await results.json()) as {
      sealed: boolean;
      results?: { totals: { ballots: number }; problems: string[] };
    };
    expect(body.sealed).toBe(false);
    expect(body.results?.totals.ballots).toBe(3);
    expect(body.results?.problems).toEqual([]);
    // Archived elections leave the public list.
    const list = (await (await app.client().get('/api/elections')).json()) as {
      items: { id: string }[];
    };
    expect(list.items.map((i) => i.id)).not.toContain(election.id);
  });
});

describe('Umumkan Hasil (manual release)', () => {
  it('refuses to archive results nobody outside the committee has seen; the master may announce them', async () => {
    const election = await closedElection('manual');
    const refused = await master.post(`/api/oversight/elections/${election.id}/archive`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/Umumkan hasil/);
    expect((await statusOf(election.id)).status).toBe('ready');

    expect((await master.post(`/api/elections/${election.id}/publish`)).status).toBe(200);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.electionId, election.id), eq(auditLog.action, 'election.published')));
    expect(entries.map((e) => e.actorRole)).toEqual(['master']);
    expect((await master.post(`/api/oversight/elections/${election.id}/archive`)).status).toBe(200);
    const after = (await (await app.client().get(`/api/results/${election.id}`)).json()) as {
      sealed: boolean;
    };
    expect(after.sealed).toBe(false);
  });

  it('only the committee of this election or the master publishes, only once closed', async () => {
    const election = await closedElection('manual');
    const committee = await committeeOf(election.id);
    const otherCommittee = await committeeOf((await draftElection()).election.id);
    const url = `/api/elections/${election.id}/publish`;
    const anonymous = app.client();

    const before = (await (await anonymous.get(`/api/results/${election.id}`)).json()) as {
      sealed: boolean;
      message: string;
    };
    expect(before).toMatchObject({ sealed: true });
    expect(before.message).toMatch(/belum mengumumkan/);

    for (const [client, expected] of [
      [anonymous, 401],
      [voter, 403],
      [admin, 403],
      [otherCommittee.client, 403],
    ] as const) {
      expect((await client.post(url)).status).toBe(expected);
    }
    expect((await statusOf(election.id)).status).toBe('ready');

    const res = await committee.client.post(url);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { phase: string }).phase).toBe('published');
    const row = await statusOf(election.id);
    expect(row.publishedAt).not.toBeNull();
    expect(row.ballotChainHead).toMatch(/^[0-9a-f]{64}$/);
    const after = (await (await anonymous.get(`/api/results/${election.id}`)).json()) as {
      sealed: boolean;
      results: { totals: { ballots: number } };
    };
    expect(after.sealed).toBe(false);
    expect(after.results.totals.ballots).toBe(3);
    expect((await master.post(url)).status).toBe(409);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.electionId, election.id), eq(auditLog.action, 'election.published')));
    expect(entries.map((e) => e.actorRole)).toEqual(['panitia']);
  });

  it('refuses to publish while the polls are open, and nothing changes', async () => {
    const people = await insertVoters(db, 1);
    const { election } = await insertOpenElection(db, { nims: people.map((p) => p.nim) });
    const res = await master.post(`/api/elections/${election.id}/publish`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/setelah pemungutan suara/);
    const row = await statusOf(election.id);
    expect(row.status).toBe('ready');
    expect(row.ballotChainHead).toBeNull();
  });
});

describe("the abilities the master's list sends", () => {
  type Ability = { allowed: boolean; why: string | null };
  type Abilities = {
    archive: Ability;
    addCommitteeMember: Ability;
    issueInvitation: Ability;
    viewResults: boolean;
  };
  const abilitiesOf = async (id: string) => {
    const { items } = (await (await master.get('/api/oversight/elections')).json()) as {
      items: { id: string; abilities: Abilities }[];
    };
    return items.find((i) => i.id === id)!.abilities;
  };

  it('say, in every phase, what the server then allows, and why not when it refuses', async () => {
    const draft = (await draftElection('Pemilihan Kemampuan Draf')).election;
    const upcoming = (
      await insertOpenElection(db, { startsInMs: 86_400_000, endsInMs: 2 * 86_400_000 })
    ).election;
    const open = (await insertOpenElection(db)).election;
    const closedManual = await closedElection('manual');
    const closedPublic = await closedElection('on-close');
    const cases = [
      ['draft', draft, { archive: true, invite: true, results: false }],
      ['upcoming', upcoming, { archive: false, invite: false, results: false }],
      ['open', open, { archive: false, invite: false, results: false }],
      [
        'closed, results not announced',
        closedManual,
        { archive: false, invite: false, results: true },
      ],
      ['closed, results public', closedPublic, { archive: true, invite: false, results: true }],
    ] as const;
    for (const [phase, election, expected] of cases) {
      const abilities = await abilitiesOf(election.id);
      expect(abilities.archive.allowed, phase).toBe(expected.archive);
      expect(abilities.issueInvitation.allowed, phase).toBe(expected.invite);
      expect(abilities.viewResults, phase).toBe(expected.results);
      // A refusal always comes with its reason, in Indonesian, for the screen to show.
      for (const a of [abilities.archive, abilities.issueInvitation, abilities.addCommitteeMember])
        expect(a.allowed || (a.why ?? '').length > 10, phase).toBe(true);

      // The server does what the abilities say, no more and no less.
      const issued = await master.post(`/api/oversight/elections/${election.id}/invitations`, {
        email: `kode.${election.id.slice(0, 8)}@uji.test`,
      });
      expect(issued.status === 201, phase).toBe(abilities.issueInvitation.allowed);
      const person = await app.client().registerVoter({ namaLengkap: 'Rudi Calon Panitia' });
      const added = await master.post(`/api/oversight/elections/${election.id}/committee`, {
        email: person.email,
      });
      expect([200, 201].includes(added.status), phase).toBe(abilities.addCommitteeMember.allowed);
      const archived = await master.post(`/api/oversight/elections/${election.id}/archive`);
      expect(archived.status === 200, phase).toBe(abilities.archive.allowed);
    }
  });
});
