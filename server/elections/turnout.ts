import { count, eq, inArray, sql } from 'drizzle-orm';
import { PRODI } from '../../shared/people.ts';
import { queryRows, type Db } from '../db/client.ts';
import { participation } from '../db/schema/index.ts';

/** The group of roll entries whose programme is not known (imported NIMs without a prodi). */
export const UNKNOWN_PRODI = 'Tidak diketahui';

/**
 * Turnout, defined once: votes cast (participation marks) against the roll size frozen at lock
 * (before lock, the roll as it stands). Every screen, stream and export that shows turnout reads
 * it from here: the committee overview, the results page and its live stream, the master's list,
 * the berita acara and verify-election.
 */
export type Turnout = {
  rollSize: number;
  voted: number;
  /** voted / rollSize, in percent with two decimals. */
  percent: number;
  perProdi: { prodi: string; rollSize: number; voted: number; percent: number }[];
};

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0;

/**
 * Turnout overall and per prodi: participation marks against the roll. A roll entry's group is
 * its own prodi, else (once that NIM has voted) the voter's prodi, else "Tidak diketahui"; so in
 * every group the voters are a part of that group's roll.
 */
export async function computeTurnout(
  db: Db,
  election: { id: string; rollSize: number | null },
): Promise<Turnout> {
  const [p] = await db
    .select({ n: count() })
    .from(participation)
    .where(eq(participation.electionId, election.id));
  const groups = await queryRows<{ prodi: string; roll: number | string; voted: number | string }>(
    db,
    sql`
    select coalesce(r.prodi, p.prodi, ${UNKNOWN_PRODI}) as prodi,
           count(*) as roll, count(p.nim) as voted
    from election_roll r
    left join participation p on p.election_id = r.election_id and p.nim = r.nim
    where r.election_id = ${election.id}
    group by 1
  `,
  );
  const order = (prodi: string) => {
    const i = (PRODI as readonly string[]).indexOf(prodi);
    return i >= 0 ? i : prodi === UNKNOWN_PRODI ? PRODI.length + 1 : PRODI.length;
  };
  const perProdi = groups
    .map((g) => ({ prodi: g.prodi, rollSize: Number(g.roll), voted: Number(g.voted) }))
    .sort((a, b) => order(a.prodi) - order(b.prodi) || (a.prodi < b.prodi ? -1 : 1))
    .map((g) => ({ ...g, percent: pct(g.voted, g.rollSize) }));
  const rollSize = election.rollSize ?? perProdi.reduce((s, g) => s + g.rollSize, 0);
  const voted = p?.n ?? 0;
  return { rollSize, voted, percent: pct(voted, rollSize), perProdi };
}

/** Votes cast per election, for lists of many elections (the same count computeTurnout makes). */
export async function votedCounts(db: Db, electionIds: string[]): Promise<Map<string, number>> {
  if (electionIds.length === 0) return new Map();
  const rows = await db
    .select({ electionId: participation.electionId, n: count() })
    .from(participation)
    .where(inArray(participation.electionId, electionIds))
    .groupBy(participation.electionId);
  return new Map(rows.map((r) => [r.electionId, Number(r.n)]));
}
