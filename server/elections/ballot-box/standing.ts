import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  refusalOf,
  standing,
  type Refusal,
  type Standing,
  type VoterStatus,
} from '../rules/eligibility.ts';
import { phaseOf, type Schedule } from '../rules/lifecycle.ts';

export type VoterStanding = {
  standing: Standing;
  /** What the booth shows instead of the ballot, and what a cast is refused with (null: may vote). */
  refusal: Refusal | null;
  votedAt: Date | null;
};

type Row = {
  election_id: string;
  status: VoterStatus | null;
  on_roll: boolean;
  voted_at: Date | string | null;
  nim_voted: boolean;
};

/**
 * Where an account stands in each of the given elections (rules/eligibility.ts decides; this
 * only gathers the facts, in one query).
 */
export async function standingsOf(
  db: Db,
  userId: string,
  elections: (Schedule & { id: string })[],
  now = new Date(),
): Promise<Map<string, VoterStanding>> {
  const result = new Map<string, VoterStanding>();
  if (elections.length === 0) return result;
  const ids = sql.join(
    elections.map((e) => sql`${e.id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<Row>(
    db,
    sql`
    select e.id as election_id, vo.status::text as status,
      exists (select 1 from election_roll r where r.election_id = e.id and r.nim = vo.nim) as on_roll,
      (select p.voted_at from participation p where p.election_id = e.id and p.user_id = ${userId}) as voted_at,
      exists (select 1 from participation p where p.election_id = e.id and p.nim = vo.nim) as nim_voted
    from elections e left join voters vo on vo.user_id = ${userId}
    where e.id in (${ids})`,
  );
  const byId = new Map(elections.map((e) => [e.id, e]));
  for (const r of rows) {
    const election = byId.get(r.election_id)!;
    const votedAt = r.voted_at === null ? null : new Date(r.voted_at);
    const s = standing({
      phase: phaseOf(election, now),
      voter: r.status ? { status: r.status } : null,
      onRoll: Boolean(r.on_roll),
      votedAt,
      nimVoted: Boolean(r.nim_voted),
    });
    result.set(r.election_id, {
      standing: s,
      refusal: refusalOf(s, { votedAt, startsAt: election.startsAt }),
      votedAt,
    });
  }
  return result;
}

/** `standingsOf` for one election. */
export async function standingIn(
  db: Db,
  userId: string,
  election: Schedule & { id: string },
  now = new Date(),
): Promise<VoterStanding> {
  return (await standingsOf(db, userId, [election], now)).get(election.id)!;
}
