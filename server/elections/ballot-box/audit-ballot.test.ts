import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditedBallots,
  electionCredentials,
  elections,
  participation,
  recordEntries,
  voters,
} from '../../db/schema/index.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertOpenElection } from '../../test/elections.ts';
import { openableChoice } from '../../test/booth.ts';
import { SEAL_GRACE_SECONDS } from '../results/seal-results.ts';
import { ENCRYPTED_BALLOT_FORMAT, setUpRecord } from '../record/setup-record.ts';
import { verifyRecord } from '../../../shared/crypto/verify/verify-record.ts';
import { MAX_AUDITS } from './audit-ballot.ts';

type ErrorBody = { error: { code: string; message: string } };
type Booth = { election: string; slots: string[] };

let app: TestApp;
let db: TestApp['services']['database']['db'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-audit-'));
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(async () => {
  await app.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A verifiable election open now, with `n` voters signed in over HTTP on its roll. */
async function openElection(n: number) {
  const people: { client: TestClient; nim: string }[] = [];
  for (let i = 0; i < n; i++) {
    const client = app.client();
    const { nim } = await client.registerVoter();
    people.push({ client, nim });
  }
  await db
    .update(voters)
    .set({ status: 'verified' })
    .where(
      inArray(
        voters.nim,
        people.map((p) => p.nim),
      ),
    );
  const { election, candidates } = await insertOpenElection(db, {
    nims: people.map((p) => p.nim),
    ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    abstain: true,
  });
  await db.transaction((tx) => setUpRecord(tx, election, new Date()));
  const creds = await db
    .select()
    .from(electionCredentials)
    .where(eq(electionCredentials.electionId, election.id));
  const credentialOf = (i: number) => creds.find((c) => c.nim === people[i]!.nim)!.credential!;
  const booth = async (i: number) =>
    (
      (await (await people[i]!.client.get(`/api/voting/${election.id}`)).json()) as {
        verifiable: Booth;
      }
    ).verifiable;
  /** Voter i's booth builds a ballot for `choice` with the credential `of` voter (default: i). */
  const build = async (i: number, choice: string, of = i) =>
    openableChoice({ ...(await booth(i)), credential: credentialOf(of) }, choice);
  return { election, candidates, people, build };
}

async function state(electionId: string) {
  const [a] = await db
    .select({ n: count() })
    .from(auditedBallots)
    .where(eq(auditedBallots.electionId, electionId));
  const [e] = await db
    .select({ n: count() })
    .from(recordEntries)
    .where(eq(recordEntries.electionId, electionId));
  const [p] = await db
    .select({ n: count() })
    .from(participation)
    .where(eq(participation.electionId, electionId));
  return { audited: a!.n, entries: e!.n, participation: p!.n };
}

const audit = (client: TestClient, electionId: string, body: unknown) =>
  client.post(`/api/voting/${electionId}/audit`, body);

describe('Periksa surat suara (a ballot opened instead of cast)', () => {
  it('opens the ballot, publishes it, never lets it be cast, and the record verifies with it', async () => {
    const { election, candidates, people, build } = await openElection(2);
    const voter = people[0]!.client;
    const opened = await build(0, candidates[1]!.id);
    const res = await audit(voter, election.id, {
      ballot: opened.ballot,
      randomness: opened.randomness,
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { tracker: string; plaintexts: number[][] };
    expect(answer.plaintexts).toEqual([opened.plaintext]);
    expect(answer).toMatchObject({ remaining: MAX_AUDITS - 1 });

    // Sent again (the answer was lost): the same answer, nothing added.
    const again = await audit(voter, election.id, {
      ballot: opened.ballot,
      randomness: opened.randomness,
    });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { tracker: string }).tracker).toBe(answer.tracker);
    expect((await state(election.id)).audited).toBe(1);

    // The opened ballot can never be cast.
    const before = await state(election.id);
    const cast = await voter.post(`/api/voting/${election.id}/cast`, { ballot: opened.ballot });
    expect(cast.status).toBe(409);
    expect(((await cast.json()) as ErrorBody).error).toMatchObject({ code: 'BALLOT_AUDITED' });
    expect(await state(election.id)).toEqual(before);

    // Anyone sees it in the public ballot box, with what it held; it is not among the cast.
    const box = (await (
      await app.client().get(`/api/elections/${election.id}/record/ballots`)
    ).json()) as {
      total: number;
      items: string[];
      audited: { total: number; items: { tracker: string; isi: string[] }[] };
    };
    expect(box.total).toBe(0);
    expect(box.audited.total).toBe(1);
    expect(box.audited.items[0]).toMatchObject({
      tracker: answer.tracker,
      isi: ['02. Ketua 2 & Wakil 2'],
    });

    // A new ballot is cast; then the record and the list of opened ballots verify together.
    const fresh = await build(0, candidates[0]!.id);
    expect(
      (await voter.post(`/api/voting/${election.id}/cast`, { ballot: fresh.ballot })).status,
    ).toBe(201);
    // The cast ballot cannot be opened afterwards: its content stays secret.
    const late = await audit(voter, election.id, {
      ballot: fresh.ballot,
      randomness: fresh.randomness,
    });
    expect(late.status).toBe(409);
    expect((await state(election.id)).audited).toBe(1);

    const anyone = app.client();
    const recordRes = await anyone.get(`/api/elections/${election.id}/record`);
    const uuid = /filename="(.+)\.bel"/.exec(recordRes.headers.get('content-disposition')!)![1]!;
    const record = new Uint8Array(await recordRes.arrayBuffer());
    const listRes = await anyone.get(`/api/elections/${election.id}/record/audited`);
    expect(listRes.status).toBe(200);
    expect(listRes.headers.get('content-disposition')).toBe(
      `attachment; filename="${uuid}.audited.json"`,
    );
    const list = await listRes.text();
    const report = verifyRecord(record, { audited: list });
    expect(report.failure).toBeUndefined();
    expect(report).toMatchObject({ ok: true, audited: 1, ballots: 1 });

    // Tampered lists fail: a claimed content that is not what opens, or a cast ballot listed.
    const entries = JSON.parse(list) as { plaintexts: number[][]; ballot: unknown }[];
    const lying = [{ ...entries[0]!, plaintexts: [[0, 1, 0, 0]] }];
    expect(verifyRecord(record, { audited: JSON.stringify(lying) }).failure?.id).toBe('audited');
    const castTracker = (
      (await (await anyone.get(`/api/elections/${election.id}/record/ballots`)).json()) as {
        items: string[];
      }
    ).items[0];
    const castAsAudited = [
      {
        tracker: castTracker,
        ballot: JSON.parse(fresh.ballot) as unknown,
        randomness: fresh.randomness,
        plaintexts: [fresh.plaintext],
      },
    ];
    expect(
      verifyRecord(record, { audited: JSON.stringify(castAsAudited) }).failure?.detail,
    ).toMatch(/ikut dihitung/);

    // belenios-tool reads the same folder (it ignores the list beside the record).
    const dir = fs.mkdtempSync(path.join(work, 'v-'));
    fs.writeFileSync(path.join(dir, `${uuid}.bel`), record);
    fs.writeFileSync(path.join(dir, `${uuid}.audited.json`), list);
    const tool = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], {
      encoding: 'utf8',
    });
    expect(`${tool.stdout}${tool.stderr}`).not.toMatch(/error|fail/i);
    expect(tool.status).toBe(0);
  });

  it('refuses whoever may not open it, and bad randomness, and writes nothing', async () => {
    const { election, candidates, people, build } = await openElection(2);
    const [a, b] = [people[0]!.client, people[1]!.client];
    const mine = await build(0, candidates[0]!.id);
    const before = await state(election.id);
    const refused = async (res: Response, status: number, code?: string) => {
      expect(res.status).toBe(status);
      const body = (await res.json()) as ErrorBody;
      if (code) expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/[a-z]/);
      return body;
    };
    // Nobody signed in.
    await refused(await audit(app.client(), election.id, mine), 401);
    // Another voter sends my ballot (my credential).
    await refused(await audit(b, election.id, mine), 403, 'NOT_YOUR_CREDENTIAL');
    // Randomness that does not open it: shifted by one slot, or another ballot's.
    const shifted = [[...mine.randomness[0]!.slice(1), mine.randomness[0]![0]!]];
    const bad = await refused(
      await audit(a, election.id, { ballot: mine.ballot, randomness: shifted }),
      400,
      'BALLOT_BAD_RANDOMNESS',
    );
    expect(bad.error.message).toBe('Keacakan yang dikirim tidak membuka surat suara ini.');
    const other = await build(0, candidates[0]!.id);
    await refused(
      await audit(a, election.id, { ballot: mine.ballot, randomness: other.randomness }),
      400,
      'BALLOT_BAD_RANDOMNESS',
    );
    // Malformed input.
    for (const body of [
      { ballot: mine.ballot },
      { ballot: mine.ballot, randomness: [['-1', '2']] },
      { ballot: mine.ballot, randomness: 'abc' },
      { ballot: '{}', randomness: mine.randomness },
    ]) {
      await refused(await audit(a, election.id, body), 400);
    }
    expect(await state(election.id)).toEqual(before);

    // After the close, nothing can be opened.
    await db
      .update(elections)
      .set({
        startsAt: new Date(Date.now() - 7_200_000),
        endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 2) * 1000),
      })
      .where(eq(elections.id, election.id));
    await refused(await audit(a, election.id, mine), 409);
    expect(await state(election.id)).toEqual(before);
  });

  it(`lets one voter open at most ${MAX_AUDITS} ballots`, async () => {
    const { election, candidates, people, build } = await openElection(1);
    const voter = people[0]!.client;
    for (let i = 0; i < MAX_AUDITS; i++) {
      const ballot = await build(0, candidates[i % 2]!.id);
      const res = await audit(voter, election.id, ballot);
      expect(res.status).toBe(201);
    }
    const extra = await audit(voter, election.id, await build(0, candidates[0]!.id));
    expect(extra.status).toBe(409);
    expect(((await extra.json()) as ErrorBody).error.code).toBe('TOO_MANY_AUDITS');
    expect((await state(election.id)).audited).toBe(MAX_AUDITS);
    // Casting is still possible.
    const cast = await voter.post(`/api/voting/${election.id}/cast`, {
      ballot: (await build(0, candidates[0]!.id)).ballot,
    });
    expect(cast.status).toBe(201);
  });
});
