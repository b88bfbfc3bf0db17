import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballots, elections, voters } from '../../db/schema/index.ts';
import { verifyElection } from '../results/verify-election.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertOpenElection } from '../../test/elections.ts';

const spellings: Record<string, (id: string) => string> = {
  'upper case': (id) => id.toUpperCase(),
  'mixed case': (id) => id.replace(/[a-f]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c)),
  braced: (id) => `{${id.toUpperCase()}}`,
  'without hyphens': (id) => id.replaceAll('-', ''),
};

let app: TestApp;
let db: TestApp['services']['database']['db'];
let master: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  master = await signedInStaff(app, {
    email: 'master.ids@bem.test',
    password: 'rahasia-master-1',
    name: 'Master Uji',
    role: 'master',
  });
});
afterAll(() => app.stop());

describe('hardening 1: ids in any spelling', () => {
  it('a ballot cast with ids in any spelling is stored with the ids of the rows and counted', async () => {
    const casters: TestClient[] = [];
    for (let i = 0; i < Object.keys(spellings).length; i++) {
      const client = app.client();
      const input = await client.registerVoter();
      await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
      casters.push(client);
    }
    const nims = (await db.select({ nim: voters.nim }).from(voters)).map((v) => v.nim);
    const { election, candidates } = await insertOpenElection(db, { nims });
    for (const [i, spell] of Object.values(spellings).entries()) {
      const res = await casters[i]!.post(`/api/voting/${spell(election.id)}/cast`, {
        choice: spell(candidates[1]!.id),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const stored = await db.select().from(ballots).where(eq(ballots.electionId, election.id));
    expect(stored.map((b) => b.choice)).toEqual(Array(4).fill(candidates[1]!.id));

    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, election.id));
    const verification = await verifyElection(db, election.id);
    expect(verification.problems).toEqual([]);
    const results = (await (
      await master.get(`/api/results/${election.id.toUpperCase()}`)
    ).json()) as {
      results: { options: { label: string; votes: number }[] } | null;
    };
    expect(results.results?.options.map((o) => o.votes)).toEqual([0, 4]);
  });

  it('every election route with an id parameter answers the same for every spelling', async () => {
    const { election } = await insertOpenElection(db, { nims: [] });
    const doc = (await (await master.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([p, ops]) => 'get' in ops && /\{(id|electionId)\}/.test(p))
      .map(([p]) => p)
      .filter((p) => /voting|election|results|panitia|committee|oversight|live/.test(p));
    expect(routes.length).toBeGreaterThan(5);
    const answered: string[] = [];
    for (const route of routes) {
      const url = (id: string) => `${route.replace(/\{(id|electionId)\}/, id)}`;
      if (route.includes('/live/')) continue; // a stream: its status is checked below
      const canonical = await master.get(url(election.id));
      const body = canonical.status === 200 ? await canonical.text() : undefined;
      if (body !== undefined) answered.push(route);
      for (const [name, spell] of Object.entries(spellings)) {
        const res = await master.get(url(spell(election.id)));
        expect(res.status, `${route} ${name}`).toBe(canonical.status);
        if (body !== undefined && res.headers.get('content-type')?.includes('json')) {
          expect(await res.text(), `${route} ${name}`).toBe(body);
        }
      }
    }
    // The master reads most of them; the rest are refused before their input is read.
    expect(answered.length, answered.join(', ')).toBeGreaterThanOrEqual(4);
  });

  it('anything else in an id place is refused and changes nothing', async () => {
    const client = app.client();
    const input = await client.registerVoter();
    await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
    const { election, candidates } = await insertOpenElection(db, { nims: [input.nim] });
    for (const bad of [
      `${election.id}x`,
      `{${election.id}`,
      `${election.id.slice(0, -1)}g`,
      'null',
    ]) {
      const res = await client.post(`/api/voting/${encodeURIComponent(bad)}/cast`, {
        choice: candidates[0]!.id,
      });
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
    const wrongChoice = await client.post(`/api/voting/${election.id}/cast`, {
      choice: `{${candidates[0]!.id}`,
    });
    expect(wrongChoice.status).toBe(400);
    expect(await db.select().from(ballots).where(eq(ballots.electionId, election.id))).toEqual([]);
  });
});
