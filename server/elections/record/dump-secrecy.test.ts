import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { electionCredentials, elections } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { buildBallot, serializeBallot } from '../../../shared/crypto/ballot.ts';
import { credentialSecret } from '../../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../../shared/crypto/context.ts';
import { parseBallot } from '../../../shared/crypto/parse.ts';
import { castEncryptedBallot } from '../ballot-box/cast-encrypted.ts';
import { computeResults } from '../results/compute-results.ts';
import { SEAL_GRACE_SECONDS } from '../results/seal-results.ts';
import { electionQuestion, plaintextFor } from './ballot-question.ts';
import { recordRow } from './record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT, setUpRecord } from './setup-record.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(() => app.stop());

/** Every row of every table of the database, as text, by table: what a dump holds. */
async function dump(): Promise<Map<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(name)}`,
    );
    out.set(
      name,
      rows.map((r) => JSON.stringify(r)),
    );
  }
  return out;
}

/** The tables in which any row holds one of `needles`. */
function tablesHolding(snapshot: Map<string, string[]>, needles: string[]): string[] {
  return [...snapshot]
    .filter(([, rows]) => rows.some((row) => needles.some((n) => row.includes(n))))
    .map(([name]) => name)
    .sort();
}

describe('a database dump of a verifiable election', () => {
  it('holds no vote in the clear during or after the election, and the old join yields only ciphertexts', async () => {
    const people = await insertVoters(db, 6);
    const { election, candidates } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
      abstain: true,
      candidates: 3,
    });
    await db.transaction((tx) => setUpRecord(tx, election, new Date()));
    const row = (await recordRow(db, election.id))!;
    const ctx = ballotContextOf(row.electionText);
    const creds = await db
      .select()
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, election.id));
    const { slots } = electionQuestion(candidates, election);
    // Everything that names a choice: candidate ids, the other choice strings, the answer labels.
    const choiceMarks = [
      ...candidates.map((c) => c.id),
      // The plaintext box's choice strings, as a stored value (not the elections' column names).
      ':"kotak-kosong"',
      ':"abstain"',
      ...ctx.questions[0]!.answers,
    ];
    const votes = [0, 1, 2, 0, 1, 0].map((i) => slots[i]!);
    for (const [i, person] of people.entries()) {
      const credential = creds.find((c) => c.nim === person.nim)!.credential!;
      const ballot = serializeBallot(
        buildBallot(ctx, credentialSecret(credential, ctx.uuid), [plaintextFor(slots, votes[i]!)!]),
      );
      await castEncryptedBallot(db, { electionId: election.id, userId: person.id, ballot });
    }

    // What names a choice is only where the ballot is defined: the candidates, the election's own
    // public object in the record (and its copy beside the record's head).
    const during = await dump();
    const allowed = ['candidates', 'election_records', 'record_entries'];
    expect(tablesHolding(during, choiceMarks).filter((t) => !allowed.includes(t))).toEqual([]);
    // In the record, only its first entry (the election object) names the answers.
    const entries = during.get('record_entries')!;
    const naming = entries.filter((e) => choiceMarks.some((m) => e.includes(m)));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toContain('questions');
    // The plaintext ballot box is empty for this election.
    expect(during.get('ballots')!.filter((r) => r.includes(election.id))).toEqual([]);

    // The old join: participation to ballots by physical order. It pairs each voter with a
    // ciphertext, never with a choice.
    const joined = await queryRows<{ user_id: string; body: string }>(
      db,
      sql`with p as (
            select user_id, row_number() over (order by ctid) as n from participation
            where election_id = ${election.id}),
          b as (
            select body, row_number() over (order by ctid) as n from record_entries
            where election_id = ${election.id} and kind = 'data' and body like '{"election_uuid"%')
          select p.user_id, b.body from p join b using (n)`,
    );
    expect(joined).toHaveLength(people.length);
    for (const j of joined) {
      expect(parseBallot(j.body).ok).toBe(true);
      expect(choiceMarks.some((m) => j.body.includes(m))).toBe(false);
    }

    // After the polls close and the result is decrypted: still no vote in the clear anywhere;
    // the result is one total per option.
    await db
      .update(elections)
      .set({
        startsAt: new Date(Date.now() - 7_200_000),
        endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 2) * 1000),
      })
      .where(eq(elections.id, election.id));
    const results = await computeResults(db, election.id, new Date(), { useCache: false });
    expect(results.totals.ballots).toBe(6);
    expect(results.abstain?.votes).toBe(3);
    const after = await dump();
    expect(tablesHolding(after, choiceMarks).filter((t) => !allowed.includes(t))).toEqual([]);
    expect(
      after.get('record_entries')!.filter((e) => choiceMarks.some((m) => e.includes(m))),
    ).toHaveLength(1);
  });
});
