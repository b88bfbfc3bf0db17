import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { electionRoll, participation } from '../db/schema/index.ts';

export type Turnout = {
  voted: number;
  eligible: number;
  perProdi: { prodi: string; voted: number; eligible: number }[];
};

/** Who has voted so far, overall and per programme: live at every phase (never what was chosen). */
export async function turnoutOf(
  db: Db,
  electionId: string,
  rollSize: number | null,
): Promise<Turnout> {
  const [voted, roll] = await Promise.all([
    db
      .select({ prodi: participation.prodi, n: sql<number>`count(*)::int` })
      .from(participation)
      .where(eq(participation.electionId, electionId))
      .groupBy(participation.prodi),
    db
      .select({
        prodi: sql<string>`coalesce(${electionRoll.prodi}, 'Tidak diketahui')`,
        n: sql<number>`count(*)::int`,
      })
      .from(electionRoll)
      .where(eq(electionRoll.electionId, electionId))
      .groupBy(sql`1`),
  ]);
  const byProdi = new Map<string, { voted: number; eligible: number }>();
  for (const r of roll) byProdi.set(r.prodi, { voted: 0, eligible: Number(r.n) });
  for (const v of voted) {
    const entry = byProdi.get(v.prodi) ?? { voted: 0, eligible: 0 };
    entry.voted = Number(v.n);
    byProdi.set(v.prodi, entry);
  }
  const total = voted.reduce((s, v) => s + Number(v.n), 0);
  return {
    voted: total,
    eligible: rollSize ?? roll.reduce((s, r) => s + Number(r.n), 0),
    perProdi: [...byProdi]
      .map(([prodi, v]) => ({ prodi, ...v }))
      .sort((a, b) => a.prodi.localeCompare(b.prodi)),
  };
}
