import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committeeMembers, elections, user } from '../../db/schema/index.ts';
import { castBallot } from '../ballot-box/cast-ballot.ts';
import { newReceipt } from '../ballot-box/receipt.ts';
import { KOTAK_KOSONG } from '../rules/ballot.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';

// Needs `.route('/', resultsRouter)` in server/app.ts apiRoutes().

let app: TestApp;
let db: TestApp['services']['database']['db'];
let admin: TestClient;
let voter: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  admin = await signedInStaff(app, {
    email: 'admin.hasil@bem.test',
    password: 'sandi-admin-1',
    name: 'Rudi Hartono',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

type Body = {
  sealed: boolean;
  message?: string;
  election: { id: string; title: string; phase: string };
  turnout: { rollSize: number; voted: number; perProdi: { prodi: string; voted: number }[] };
  results?: {
    options: { candidateId: string | null; votes: number; percent: number }[];
    totals: { ballots: number };
    chain: { head: string; sealedHead: string | null };
    problems: string[];
  };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A signed-in person on the committee of the given election (and of nothing else). */
async function committeeMember(electionId: string) {
  const client = app.client();
  const input = await client.registerVoter({ namaLengkap: 'Dewi Lestari' });
  const [account] = await db.select().from(user).where(eq(user.email, input.email));
  await db
    .insert(committeeMembers)
    .values({ electionId, userId: account!.id, namaLengkap: 'Dewi Lestari' });
  return client;
}

/** An open election with three ballots cast: two for candidate 1, one for candidate 2. */
async function votedElection(opts: { resultsRelease?: 'on-close' | 'manual' } = {}) {
  const people = await insertVoters(db, 4);
  const { election, candidates } = await insertOpenElection(db, {
    nims: people.map((p) => p.nim),
  });
  if (opts.resultsRelease)
    await db
      .update(elections)
      .set({ resultsRelease: opts.resultsRelease })
      .where(eq(elections.id, election.id));
  const receipts: string[] = [];
  for (const [i, c] of [0, 0, 1].entries()) {
    const { receipt } = await castBallot(db, {
      electionId: election.id,
      userId: people[i]!.id,
      choice: candidates[c]!.id,
    });
    receipts.push(receipt);
  }
  return { election, candidates, receipts, ids: candidates.map((c) => c.id) };
}

async function close(electionId: string) {
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
    .where(eq(elections.id, electionId));
}

async function publish(electionId: string) {
  await db
    .update(elections)
    .set({ status: 'published', publishedAt: new Date() })
    .where(eq(elections.id, electionId));
}

/** Nothing in a response text carries a count per candidate. */
function expectNoCounts(text: string, candidateIds: string[]) {
  for (const id of candidateIds) expect(text).not.toContain(id);
  expect(text).not.toContain(KOTAK_KOSONG);
  expect(text.toLowerCase()).not.toContain('counts');
  expect(text).not.toContain('"votes"');
  expect(text).not.toContain('"options"');
}

describe('sealed results over HTTP', () => {
  it('while open, no endpoint gives a count per candidate to anyone: anonymous, voter, committee, admin', async () => {
    const { election, receipts, ids } = await votedElection();
    const committee = await committeeMember(election.id);
    const base = `/api/results/${election.id}`;
    for (const client of [app.client(), voter, committee, admin]) {
      const res = await client.get(base);
      const text = await res.text();
      expect(res.status).toBe(200);
      expectNoCounts(text, ids);
      const body = JSON.parse(text) as Body;
      expect(body.sealed).toBe(true);
      expect(body.message).toMatch(/^Hasil belum tersedia/);
      expect(body.election.phase).toBe('open');
      expect(body.turnout).toMatchObject({ rollSize: 4, voted: 3 });
      expect(Object.keys(body).sort()).toEqual(['election', 'message', 'sealed', 'turnout']);

      for (const download of ['csv', 'pdf']) {
        const r = await client.get(`${base}/${download}`);
        const t = await r.text();
        expect(r.status).toBe(409);
        expect(r.headers.get('content-type')).toMatch(/application\/json/);
        expect((JSON.parse(t) as ErrorBody).error.message).toMatch(/^Hasil belum tersedia/);
        expectNoCounts(t, ids);
      }

      const check = await client.post(`${base}/receipt-check`, { receipt: receipts[0] });
      const t = await check.text();
      expect(check.status).toBe(200);
      expect(JSON.parse(t)).toEqual({ found: true });
      expectNoCounts(t, ids);
    }
    // Nothing was sealed while the polls were open.
    const [row] = await db.select().from(elections).where(eq(elections.id, election.id));
    expect(row!.ballotChainHead).toBeNull();
  });

  it('right after the end, until the box is sealed, still turnout only', async () => {
    const { election, ids } = await votedElection();
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 100) })
      .where(eq(elections.id, election.id));
    const res = await app.client().get(`/api/results/${election.id}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expectNoCounts(text, ids);
    expect(JSON.parse(text)).toMatchObject({ sealed: true, election: { phase: 'closed' } });
    expect((await app.client().get(`/api/results/${election.id}/csv`)).status).toBe(409);
  });

  it('turnout is live while open, per prodi', async () => {
    const { election, ids } = await votedElection();
    const res = await app.client().get(`/api/results/${election.id}`);
    const text = await res.text();
    expectNoCounts(text, ids);
    const body = JSON.parse(text) as Body;
    expect(body.turnout.voted).toBe(3);
    expect(body.turnout.perProdi.reduce((s, g) => s + g.voted, 0)).toBe(3);
  });
});

describe('released results', () => {
  it('once closed with release on close: everyone gets votes, CSV and PDF', async () => {
    const { election, candidates } = await votedElection();
    await close(election.id);
    const anonymous = app.client();
    const res = await anonymous.get(`/api/results/${election.id}`);
    expect(res.status).toBe(200);
    // Public for good once released: any cache may keep it, revalidating by its ETag.
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const body = (await res.json()) as Body;
    expect(body.sealed).toBe(false);
    expect(body.election.phase).toBe('closed');
    expect(body.results!.options.map((o) => [o.candidateId, o.votes, o.percent])).toEqual([
      [candidates[0]!.id, 2, 66.67],
      [candidates[1]!.id, 1, 33.33],
    ]);
    expect(body.results!.problems).toEqual([]);
    expect(body.results!.chain.sealedHead).toBe(body.results!.chain.head);
    expect(body.turnout).toMatchObject({ rollSize: 4, voted: 3 });

    const csv = await anonymous.get(`/api/results/${election.id}/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="hasil-pemilihan-raya-uji-${election.id.slice(0, 8)}.csv"`,
    );
    const csvText = await csv.text();
    expect(csvText).toContain('No. Urut,Nama Ketua,Nama Wakil,Jumlah Suara');
    expect(csvText).toContain('1,Ketua 1,Wakil 1,2,66.67');

    const pdf = await anonymous.get(`/api/results/${election.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="hasil-pemilihan-raya-uji-${election.id.slice(0, 8)}.pdf"`,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
  });

  it('closed with manual release: only admins and this election’s committee, until published', async () => {
    const { election, ids } = await votedElection({ resultsRelease: 'manual' });
    const committee = await committeeMember(election.id);
    const other = await votedElection();
    const otherCommittee = await committeeMember(other.election.id);
    await close(election.id);
    const base = `/api/results/${election.id}`;

    for (const client of [app.client(), voter, otherCommittee]) {
      const res = await client.get(base);
      const text = await res.text();
      expect(res.status).toBe(200);
      expectNoCounts(text, ids);
      const body = JSON.parse(text) as Body;
      expect(body).toMatchObject({ sealed: true, election: { phase: 'closed' } });
      expect(body.message).toMatch(/belum mengumumkan/);
    }
    expect((await app.client().get(`${base}/csv`)).status).toBe(401);
    expect((await app.client().get(`${base}/pdf`)).status).toBe(401);
    for (const client of [voter, otherCommittee]) {
      for (const download of ['csv', 'pdf']) {
        const r = await client.get(`${base}/${download}`);
        expect(r.status).toBe(403);
        const err = (await r.json()) as ErrorBody;
        expect(err.error.code).toBe('RESULTS_NOT_RELEASED');
      }
    }

    for (const client of [admin, committee]) {
      const body = (await (await client.get(base)).json()) as Body;
      expect(body.sealed).toBe(false);
      expect(body.results!.options.map((o) => o.votes)).toEqual([2, 1]);
      expect((await client.get(`${base}/csv`)).status).toBe(200);
      expect((await client.get(`${base}/pdf`)).status).toBe(200);
    }

    await publish(election.id);
    const body = (await (await app.client().get(base)).json()) as Body;
    expect(body).toMatchObject({ sealed: false, election: { phase: 'published' } });
    expect(body.results!.options.map((o) => o.votes)).toEqual([2, 1]);
    expect((await app.client().get(`${base}/csv`)).status).toBe(200);
  });

  it('a draft exists only for its committee and admins', async () => {
    const { election } = await insertOpenElection(db, { nims: [] });
    await db.update(elections).set({ status: 'draft' }).where(eq(elections.id, election.id));
    const base = `/api/results/${election.id}`;
    expect((await app.client().get(base)).status).toBe(404);
    expect((await voter.get(base)).status).toBe(404);
    const asAdmin = (await (await admin.get(base)).json()) as Body;
    expect(asAdmin.sealed).toBe(true);
    expect(
      (await app.client().post(`${base}/receipt-check`, { receipt: newReceipt() })).status,
    ).toBe(404);
  });
});

describe('receipt check over HTTP', () => {
  it('answers found or not, never the choice, and explains a malformed code', async () => {
    const { election, receipts } = await votedElection();
    await close(election.id);
    const client = app.client();
    const url = `/api/results/${election.id}/receipt-check`;
    const found = await client.post(url, { receipt: receipts[2]!.toLowerCase() });
    expect(await found.json()).toEqual({ found: true });
    expect(await (await client.post(url, { receipt: newReceipt() })).json()).toEqual({
      found: false,
    });
    const bad = await client.post(url, { receipt: 'abc' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields?.receipt).toMatch(
      /Format Kode Bukti tidak valid/,
    );
    const empty = await client.post(url, { receipt: '' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).error.message).toBe('Kode Bukti wajib diisi.');
  });
});

describe('addresses', () => {
  it('refuses an id that is not one, and an election that does not exist', async () => {
    const bad = await app.client().get('/api/results/bukan-id');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.message).toBe('ID pemilihan tidak valid.');
    for (const suffix of ['', '/csv', '/pdf']) {
      const res = await app.client().get(`/api/results/${crypto.randomUUID()}${suffix}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe('Pemilihan tidak ditemukan.');
    }
  });
});
