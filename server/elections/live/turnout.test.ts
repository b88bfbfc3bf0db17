import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electionRoll, elections, voters } from '../../db/schema/index.ts';
import { castBallot } from '../ballot-box/cast-ballot.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { openEventStream, until } from '../../test/sse.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(() => app.stop());

type Turnout = {
  rollSize: number;
  voted: number;
  percent: number;
  perProdi: { prodi: string; rollSize: number; voted: number; percent: number }[];
};

/** Opens an election's live turnout stream as a browser would (anonymous). */
async function openStream(baseUrl: string, electionId: string) {
  const stream = await openEventStream(`${baseUrl}/api/live/elections/${electionId}`);
  const turnouts = () =>
    stream.events.filter((e) => e.event === 'turnout').map((e) => JSON.parse(e.data) as Turnout);
  return {
    ...stream,
    raw: () => stream.events.map((e) => e.raw),
    turnouts,
    voted: () => turnouts().at(-1)?.voted,
  };
}

/**
 * An open election with `n` signed-in, verified voters on its roll; `vote(i)` casts voter i's
 * ballot over HTTP, as the ballot page does. `cast` of them have voted already.
 */
async function openElection(n: number, cast = 0) {
  const clients = Array.from({ length: n }, () => app.client());
  const nims: string[] = [];
  for (const client of clients) nims.push((await client.registerVoter()).nim);
  await db.update(voters).set({ status: 'verified' }).where(inArray(voters.nim, nims));
  const { election, candidates } = await insertOpenElection(db, { nims });
  const vote = async (i: number) => {
    const res = await clients[i]!.post(`/api/voting/${election.id}/cast`, {
      choice: candidates[0]!.id,
    });
    expect(res.status, await res.text()).toBe(201);
  };
  for (let i = 0; i < cast; i++) await vote(i);
  return { election, candidates, vote };
}

describe('GET /api/live/elections/{id}', () => {
  it('refuses an id that is not one, an unknown election and a draft', async () => {
    const bad = await fetch(`${app.url}/api/live/elections/bukan-id`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /ID pemilihan tidak valid/,
    );
    const unknown = await fetch(`${app.url}/api/live/elections/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    const { election } = await openElection(1);
    await db.update(elections).set({ status: 'draft' }).where(eq(elections.id, election.id));
    const draft = await fetch(`${app.url}/api/live/elections/${election.id}`);
    expect(draft.status).toBe(404);
    expect(await draft.text()).not.toContain('turnout');
  });

  it('sends the turnout at once, then every cast, to every open stream alike', async () => {
    const { election, vote } = await openElection(5, 1);
    const streams = await Promise.all(
      Array.from({ length: 3 }, () => openStream(app.url, election.id)),
    );
    try {
      for (const s of streams) {
        expect(s.res.status).toBe(200);
        expect(s.res.headers.get('content-type')).toContain('text/event-stream');
        expect(s.res.headers.get('cache-control')).toBe('no-store');
      }
      await until(() => streams.every((s) => s.voted() === 1));
      expect(streams[0]!.turnouts()[0]).toMatchObject({ rollSize: 5, voted: 1, percent: 20 });
      expect(streams[0]!.turnouts()[0]!.perProdi).toContainEqual({
        prodi: 'Teknokimia Nuklir',
        rollSize: 1,
        voted: 1,
        percent: 100,
      });

      await vote(1);
      await until(() => streams.every((s) => s.voted() === 2));
      await vote(2);
      await vote(3);
      await until(() => streams.every((s) => s.voted() === 4));
      // Counts only ever go up, and every stream got the same bytes for the same count.
      for (const s of streams) {
        const counts = s.turnouts().map((t) => t.voted);
        expect([...counts].sort((a, b) => a - b)).toEqual(counts);
      }
      const last = (s: (typeof streams)[number]) => s.raw().filter((b) => b.includes('"voted":4'));
      expect(new Set(streams.map((s) => last(s)[0])).size).toBe(1);
      // Participation only: nothing about choices travels on the stream.
      for (const s of streams) {
        for (const block of s.raw()) expect(block).not.toMatch(/votes|choice|candidate/i);
      }
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it("tells a stream only its own election's changes, and forgets a stream once its client leaves", async () => {
    const watched = await openElection(3);
    const unwatched = await openElection(3);
    // The streams of the tests before have all been closed by their clients.
    await until(() => app.services.turnout.connections === 0);
    const stream = await openStream(app.url, watched.election.id);
    await until(() => stream.voted() === 0);
    expect(app.services.turnout.connections).toBe(1);
    await unwatched.vote(0);
    await watched.vote(0);
    await until(() => stream.voted() === 1);
    expect(stream.turnouts().map((t) => t.voted)).toEqual([0, 1]);
    await stream.close();
    await until(() => app.services.turnout.connections === 0);
  });

  it('hears of casts made through another instance (NOTIFY turnout_changed)', async () => {
    const { election, candidates } = await openElection(3, 1);
    const stream = await openStream(app.url, election.id);
    try {
      await until(() => stream.voted() === 1);
      // Another instance writes a ballot (here: straight to the database, which tells this one
      // nothing), then tells every instance, as its cast route does.
      const [other] = await insertVoters(db, 1);
      await db.insert(electionRoll).values({ electionId: election.id, nim: other!.nim });
      await castBallot(db, {
        electionId: election.id,
        userId: other!.id,
        choice: candidates[0]!.id,
      });
      await db.execute(sql`select pg_notify('turnout_changed', ${election.id})`);
      await until(() => stream.voted() === 2);
    } finally {
      await stream.close();
    }
  });

  it('tells the other instances of a cast on PostgreSQL; on the embedded database there are none', async () => {
    const { election, vote } = await openElection(2);
    const heard: string[] = [];
    const unlisten = await app.services.database.listen('turnout_changed', (id) => heard.push(id));
    try {
      await vote(0);
      await vote(1);
      if (app.services.database.kind === 'postgres') {
        await until(() => heard.includes(election.id));
        expect(new Set(heard)).toEqual(new Set([election.id]));
      } else {
        // The embedded database runs one statement at a time, in order: a marker notified after
        // the casts arrives after anything they notified.
        await app.services.database.db.execute(sql`select pg_notify('turnout_changed', 'marker')`);
        await until(() => heard.includes('marker'));
        expect(heard).toEqual(['marker']);
      }
    } finally {
      await unlisten();
    }
  });

  it('ends every stream when the server shuts down', async () => {
    const other = await startTestApp();
    try {
      const people = await insertVoters(other.services.database.db, 1);
      const { election } = await insertOpenElection(other.services.database.db, {
        nims: people.map((p) => p.nim),
      });
      const stream = await openStream(other.url, election.id);
      await until(() => stream.voted() === 0);
      // Shutdown ends the stream itself (it does not wait for the client to leave).
      await other.stop();
      await until(() => stream.ended());
      await stream.close();
    } catch (err) {
      await other.stop().catch(() => {});
      throw err;
    }
  });
});
