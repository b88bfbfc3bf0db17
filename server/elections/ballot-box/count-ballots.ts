import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ballots } from '../../db/schema/index.ts';

/** Per-choice totals straight from the ballot box (one indexed GROUP BY). */
export async function countBallots(db: Db, electionId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ choice: ballots.choice, n: sql<number>`count(*)::int` })
    .from(ballots)
    .where(eq(ballots.electionId, electionId))
    .groupBy(ballots.choice);
  return new Map(rows.map((r) => [r.choice, Number(r.n)]));
}
