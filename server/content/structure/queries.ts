import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orgDivisions, orgMembers, orgPeriods } from '../../db/schema/index.ts';

export type Period = typeof orgPeriods.$inferSelect;
export type Division = typeof orgDivisions.$inferSelect;
export type Member = typeof orgMembers.$inferSelect;

/** Newest first: labels are years ("2025/2026"), so they sort; ties by creation. */
const newestFirst = [desc(orgPeriods.label), desc(orgPeriods.createdAt), desc(orgPeriods.id)];
/** The order people and divisions are shown in. */
const byOrder = <T extends typeof orgDivisions | typeof orgMembers>(t: T) => [
  asc(t.sortOrder),
  asc(t.createdAt),
  asc(t.id),
];

/** Every period, newest first. */
export function listPeriods(db: Db | Tx): Promise<Period[]> {
  return db
    .select()
    .from(orgPeriods)
    .orderBy(...newestFirst);
}

/** The period shown by default: the one marked current, else the newest; null when there is none. */
export async function defaultPeriod(db: Db | Tx): Promise<Period | null> {
  const [row] = await db
    .select()
    .from(orgPeriods)
    .orderBy(desc(orgPeriods.isCurrent), ...newestFirst)
    .limit(1);
  return row ?? null;
}

export async function findPeriod(db: Db | Tx, id: string): Promise<Period | null> {
  const [row] = await db.select().from(orgPeriods).where(eq(orgPeriods.id, id));
  return row ?? null;
}

export type PeriodDetail = {
  period: Period;
  /** People with no division (Ketua, Wakil Ketua, Sekretaris, Bendahara…), in order. */
  leaders: Member[];
  divisions: (Division & { members: Member[] })[];
};

/** A period with its leaders and its divisions with their members, each in order. */
export async function periodDetail(db: Db | Tx, period: Period): Promise<PeriodDetail> {
  const [divisions, members] = await Promise.all([
    db
      .select()
      .from(orgDivisions)
      .where(eq(orgDivisions.periodId, period.id))
      .orderBy(...byOrder(orgDivisions)),
    db
      .select()
      .from(orgMembers)
      .where(eq(orgMembers.periodId, period.id))
      .orderBy(...byOrder(orgMembers)),
  ]);
  return {
    period,
    leaders: members.filter((m) => m.divisionId === null),
    divisions: divisions.map((d) => ({
      ...d,
      members: members.filter((m) => m.divisionId === d.id),
    })),
  };
}
