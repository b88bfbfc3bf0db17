import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client.ts';
import { ballots } from '../../server/db/schema/index.ts';
import { countBallots } from '../../server/elections/ballot-box/count-ballots.ts';
import { computeResults } from '../../server/elections/results/compute-results.ts';
import { ABSTAIN, BALLOT_FORMAT, ballotDigest } from '../../server/elections/rules/ballot.ts';
import { insertOpenElection } from '../../server/test/elections.ts';
import type { Target } from './casting.ts';

export type CountingFigures = {
  ballots: number;
  seedSeconds: number;
  /** Each timed countBallots run, in ms. */
  countMs: number[];
  /** One full computeResults (reads every ballot, digests, chain, turnout, seal), in ms. */
  computeMs: number;
};

const SEED_CHUNK = 250_000;

/**
 * Counting a closed election's ballot box: `n` ballots written by SQL (receipt hashes and digests
 * computed in the database with the product's formulas, checked on a sample), then the product's
 * tally (`countBallots`, the first run included: it also sets the new rows' hint bits) timed
 * `runs` times and the full `computeResults` once. No participation
 * marks are seeded, so computeResults reports that mismatch as a problem; it still reads and
 * checks every ballot.
 */
export async function benchCounting(
  target: Target,
  opts: { ballots: number; runs: number },
): Promise<CountingFigures> {
  const n = opts.ballots;
  const database = await target.open();
  const db = database.db;
  try {
    const { election, candidates } = await insertOpenElection(db, {
      candidates: 2,
      abstain: true,
      startsInMs: -7_200_000,
      endsInMs: -60_000,
    });
    const [first, second] = candidates.map((c) => c.id) as [string, string];
    // Ballot i goes to the first candidate when i % 10 < 5, the second when < 9, else abstains.
    const expected = new Map<string, number>([
      [first, 0],
      [second, 0],
      [ABSTAIN, 0],
    ]);
    for (let d = 0; d < 10; d++) {
      const inClass = Math.floor(n / 10) + (d < n % 10 ? 1 : 0);
      const choice = d < 5 ? first : d < 9 ? second : ABSTAIN;
      expected.set(choice, expected.get(choice)! + inClass);
    }

    const seedStarted = performance.now();
    for (let from = 0; from < n; from += SEED_CHUNK) {
      const to = Math.min(n, from + SEED_CHUNK) - 1;
      await db.execute(sql`
        insert into ballots (receipt_hash, election_id, choice, format, digest)
        select r.h, ${election.id}::uuid, r.choice, ${BALLOT_FORMAT},
               encode(sha256(convert_to(
                 'bem-ballot:v' || ${BALLOT_FORMAT} || chr(10) || ${election.id} || chr(10) ||
                 r.h || chr(10) || r.choice, 'UTF8')), 'hex')
        from (
          select encode(sha256(convert_to('bem-receipt:v1:BENCH-' || i, 'UTF8')), 'hex') as h,
                 case when i % 10 < 5 then ${first} when i % 10 < 9 then ${second} else ${ABSTAIN} end as choice
          from generate_series(${from}::int, ${to}::int) as i
        ) r
      `);
    }
    // No VACUUM or ANALYZE: counted as right after the polls close (PGlite never vacuums by itself;
    // on PostgreSQL autovacuum would usually have run by then, making the count faster still).
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const sample = await db
      .select()
      .from(ballots)
      .where(eq(ballots.electionId, election.id))
      .limit(3);
    for (const b of sample)
      if (ballotDigest(b) !== b.digest)
        throw new Error('a seeded ballot digest differs from ballotDigest()');

    const countMs: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const started = performance.now();
      const counted = await countBallots(db, election.id);
      countMs.push(performance.now() - started);
      for (const [choice, votes] of expected)
        if (counted.get(choice) !== votes)
          throw new Error(`countBallots gave ${counted.get(choice)} for ${choice}, not ${votes}`);
    }

    const started = performance.now();
    const results = await computeResults(db, election.id, new Date(), { useCache: false });
    const computeMs = performance.now() - started;
    if (results.totals.ballots !== n || results.totals.abstain !== expected.get(ABSTAIN))
      throw new Error(`computeResults counted ${results.totals.ballots} ballots, not ${n}`);
    const badDigests = results.problems.filter((p) => p.includes('digest'));
    if (badDigests.length) throw new Error(`computeResults: ${badDigests[0]}`);

    const [stored] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ballots where election_id = ${election.id}`,
    );
    if (Number(stored?.n) !== n) throw new Error(`${stored?.n} ballots seeded, not ${n}`);
    return { ballots: n, seedSeconds, countMs, computeMs };
  } finally {
    await database.close();
  }
}
