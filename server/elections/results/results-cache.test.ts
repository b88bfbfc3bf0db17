import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elections } from '../../db/schema/index.ts';
import { castBallot } from '../ballot-box/cast-ballot.ts';
import { computeResults } from './compute-results.ts';
import { loadElection, PUBLIC_ROW_TTL_MS } from './election-row.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertClosedElection, insertOpenElection, insertVoters } from '../../test/elections.ts';

// Results are computed once per sealed election and process, then answered from memory; these
// tests check that the memory never shows more than the request may see, and never stale counts.

let app: TestApp;
let db: TestApp['services']['database']['db'];
let master: TestClient;
let voter: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  master = await signedInStaff(app, {
    email: 'master.cache@bem.test',
    password: 'sandi-master-1',
    name: 'Sari Master',
    role: 'master',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

type Body = {
  sealed: boolean;
  message?: string;
  election: { phase: string };
  turnout: { voted: number };
  results?: { options: { votes: number }[]; totals: { ballots: number }; computedAt: string };
};

/** A closed election (ended a minute ago) with three ballots: two for candidate 1, one for 2. */
const closedElection = async (resultsRelease: 'on-close' | 'manual') =>
  (await insertClosedElection(db, { votes: [0, 0, 1], rollSize: 4, resultsRelease })).election.id;

const get = async (client: TestClient, id: string, headers?: Record<string, string>) => {
  const res = await client.get(`/api/results/${id}`, headers);
  const text = await res.text();
  return { res, text, body: text ? (JSON.parse(text) as Body) : null };
};

/** An answer that may be kept by nobody, and gives nobody a way to revalidate it. */
function expectNotCacheable(res: Response) {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('etag')).toBeNull();
}

describe('results answered from memory', () => {
  it('are the same counts as a fresh count, byte for byte on every later answer, public with an ETag', async () => {
    const id = await closedElection('on-close');
    const first = await get(app.client(), id);
    expect(first.res.status).toBe(200);
    expect(first.body!.results!.options.map((o) => o.votes)).toEqual([2, 1]);
    expect(first.res.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    // A fresh count straight from the box (no memory) agrees with what was answered.
    const fresh = await computeResults(db, id, new Date(), { useCache: false });
    expect(fresh.options.map((o) => o.votes)).toEqual([2, 1]);
    expect(fresh.totals.ballots).toBe(first.body!.results!.totals.ballots);

    // Later answers, to anyone, are the same bytes under the same ETag.
    for (const client of [app.client(), voter, master]) {
      const again = await get(client, id);
      expect(again.text).toBe(first.text);
      expect(again.res.headers.get('etag')).toBe(etag);
    }
    // Revalidation: unchanged → 304 with no body; another tag → the whole answer.
    const unchanged = await get(app.client(), id, { 'if-none-match': etag! });
    expect(unchanged.res.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.res.headers.get('etag')).toBe(etag);
    const other = await get(app.client(), id, { 'if-none-match': '"lain"' });
    expect(other.res.status).toBe(200);
    expect(other.text).toBe(first.text);
  });

  it('never shows results that are not public yet, even once an insider had them counted', async () => {
    const id = await closedElection('manual');
    // The master sees the counts before they are announced: computed and kept in memory.
    const insider = await get(master, id);
    expect(insider.body!.sealed).toBe(false);
    expect(insider.body!.results!.options.map((o) => o.votes)).toEqual([2, 1]);
    expectNotCacheable(insider.res);

    // Everyone else still gets turnout only, never from that memory, and nothing to keep.
    for (const client of [app.client(), voter]) {
      for (const headers of [undefined, { 'if-none-match': '*' }]) {
        const outsider = await get(client, id, headers);
        expect(outsider.res.status).toBe(200);
        expect(outsider.body!.sealed).toBe(true);
        expect(outsider.body!.message).toMatch(/panitia belum mengumumkan hasil/);
        expect(outsider.text).not.toContain('"votes"');
        expect(outsider.text).not.toContain('"options"');
        expectNotCacheable(outsider.res);
      }
    }
  });

  it('while voting runs, turnout only and nothing cacheable, for everyone', async () => {
    const people = await insertVoters(db, 2);
    const { election, candidates } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
    });
    await castBallot(db, {
      electionId: election.id,
      userId: people[0]!.id,
      choice: candidates[0]!.id,
    });
    for (const client of [app.client(), master]) {
      const open = await get(client, election.id, { 'if-none-match': '*' });
      expect(open.res.status).toBe(200);
      expect(open.body!.sealed).toBe(true);
      expect(open.body!.turnout.voted).toBe(1);
      expectNotCacheable(open.res);
    }
  });

  it('publishing and archiving change the answer and its ETag; the counts stay those of the seal', async () => {
    const id = await closedElection('manual');
    const before = await get(master, id);
    expect(before.body!.election.phase).toBe('closed');

    expect((await master.post(`/api/elections/${id}/publish`)).status).toBe(200);
    const published = await get(app.client(), id);
    expect(published.body!.sealed).toBe(false);
    expect(published.body!.election.phase).toBe('published');
    expect(published.body!.results).toEqual(before.body!.results);
    expect(published.res.headers.get('cache-control')).toBe('public, no-cache');
    const publishedTag = published.res.headers.get('etag')!;
    expect((await get(app.client(), id, { 'if-none-match': publishedTag })).res.status).toBe(304);

    expect((await master.post(`/api/oversight/elections/${id}/archive`)).status).toBe(200);
    const archived = await get(app.client(), id, { 'if-none-match': publishedTag });
    expect(archived.res.status).toBe(200);
    expect(archived.body!.election.phase).toBe('archived');
    expect(archived.body!.results).toEqual(before.body!.results);
    expect(archived.res.headers.get('etag')).not.toBe(publishedTag);
  });

  it('show a change written by another instance within a second; results never become less public', async () => {
    const id = await closedElection('on-close');
    const closed = await get(app.client(), id);
    expect(closed.body!.election.phase).toBe('closed');
    // Archived through another instance (here: a direct write this process is not told about).
    await db.update(elections).set({ status: 'archived' }).where(eq(elections.id, id));
    const started = Date.now();
    let latest = closed;
    while (
      latest.body!.election.phase !== 'archived' &&
      Date.now() - started < PUBLIC_ROW_TTL_MS * 10
    ) {
      await new Promise((r) => setTimeout(r, 100));
      latest = await get(app.client(), id);
      // Meanwhile the answer is the same public results, never anything else.
      expect(latest.body!.results).toEqual(closed.body!.results);
    }
    expect(latest.body!.election.phase).toBe('archived');
    expect(latest.res.headers.get('etag')).not.toBe(closed.res.headers.get('etag'));
  });

  it('are kept under the seal they were counted against: a box sealed under another head is counted anew', async () => {
    const id = await closedElection('on-close');
    const first = await computeResults(db, id, new Date());
    expect((await computeResults(db, id, new Date())).computedAt).toEqual(first.computedAt);

    // The stored seal is not the one the memory was counted against: the memory is not used,
    // the box is read again and the mismatch reported (the seal itself is never overwritten).
    await db
      .update(elections)
      .set({ ballotChainHead: 'f'.repeat(64) })
      .where(eq(elections.id, id));
    const recounted = await computeResults(db, id, new Date());
    expect(recounted.chain.sealedHead).toBe('f'.repeat(64));
    expect(recounted.problems.join('\n')).toMatch(/berbeda dengan yang disegel/);
    expect((await loadElection(db, id)).ballotChainHead).toBe('f'.repeat(64));

    // Without a seal there is no memory to use at all: it is sealed again, then counted.
    await db.update(elections).set({ ballotChainHead: null }).where(eq(elections.id, id));
    const resealed = await computeResults(db, id, new Date());
    expect(resealed.chain.sealedHead).toBe(first.chain.head);
    expect(resealed.problems).toEqual([]);
    expect(resealed.options.map((o) => o.votes)).toEqual(first.options.map((o) => o.votes));
  });
});
