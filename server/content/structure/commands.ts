import { releaseFiles } from '../../files/release.ts';
import { and, count, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  divisionInputSchema,
  memberInputSchema,
  MoveDirection,
  periodInputSchema,
} from '../../../shared/schemas/structure.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { files, orgDivisions, orgMembers, orgPeriods } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Division, Member, Period } from './queries.ts';

type PeriodValues = z.output<typeof periodInputSchema>;
type DivisionValues = z.output<typeof divisionInputSchema>;
type MemberValues = z.output<typeof memberInputSchema>;

// Every change to the structure takes this lock first (then the audit lock), so "exactly one
// current period" and the order numbers hold however many requests and instances write at once.
const STRUCTURE_LOCK_KEY = 7_204_613_601;

async function inStructureTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STRUCTURE_LOCK_KEY})`);
    return work(tx);
  });
}

const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} tidak ditemukan.`);
const invalidField = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', message, { [field]: message });

async function periodOr404(tx: Tx, id: string): Promise<Period> {
  const [row] = await tx.select().from(orgPeriods).where(eq(orgPeriods.id, id));
  if (!row) throw notFound('Periode');
  return row;
}

async function divisionOr404(tx: Tx, id: string): Promise<Division> {
  const [row] = await tx.select().from(orgDivisions).where(eq(orgDivisions.id, id));
  if (!row) throw notFound('Divisi');
  return row;
}

async function memberOr404(tx: Tx, id: string): Promise<Member> {
  const [row] = await tx.select().from(orgMembers).where(eq(orgMembers.id, id));
  if (!row) throw notFound('Pengurus');
  return row;
}

const periodName = (p: Pick<Period, 'label' | 'cabinetName'>) => `${p.label} "${p.cabinetName}"`;

// ---------------------------------------------------------------- periods

export async function createPeriod(db: Db, actor: Actor, input: PeriodValues): Promise<Period> {
  return inStructureTx(db, async (tx) => {
    const [row] = await tx.insert(orgPeriods).values(input).returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-period.created',
      entityType: 'org-period',
      entityId: row!.id,
      summary: `Menambahkan periode ${periodName(row!)} pada struktur organisasi`,
    });
    return row!;
  });
}

export async function updatePeriod(
  db: Db,
  actor: Actor,
  id: string,
  input: PeriodValues,
): Promise<Period> {
  return inStructureTx(db, async (tx) => {
    const before = await periodOr404(tx, id);
    const [row] = await tx.update(orgPeriods).set(input).where(eq(orgPeriods.id, id)).returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-period.updated',
      entityType: 'org-period',
      entityId: id,
      summary: `Mengubah periode ${periodName(before)} menjadi ${periodName(row!)}`,
    });
    return row!;
  });
}

/** Marks one period current and every other not, in one statement under the structure lock. */
export async function makePeriodCurrent(db: Db, actor: Actor, id: string): Promise<Period> {
  return inStructureTx(db, async (tx) => {
    const period = await periodOr404(tx, id);
    await tx
      .update(orgPeriods)
      .set({ isCurrent: sql`${orgPeriods.id} = ${id}` })
      .where(sql`${orgPeriods.isCurrent} or ${orgPeriods.id} = ${id}`);
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-period.made-current',
      entityType: 'org-period',
      entityId: id,
      summary: `Menjadikan periode ${periodName(period)} sebagai periode aktif`,
    });
    return { ...period, isCurrent: true };
  });
}

/** Deletes a period with its divisions and people (the foreign keys cascade). */
export async function deletePeriod(db: Db, actor: Actor, id: string): Promise<void> {
  await inStructureTx(db, async (tx) => {
    const period = await periodOr404(tx, id);
    const [[divisions], [members]] = await Promise.all([
      tx.select({ n: count() }).from(orgDivisions).where(eq(orgDivisions.periodId, id)),
      tx.select({ n: count() }).from(orgMembers).where(eq(orgMembers.periodId, id)),
    ]);
    const photos = await tx
      .select({ photo: orgMembers.photo })
      .from(orgMembers)
      .where(eq(orgMembers.periodId, id));
    await tx.delete(orgPeriods).where(eq(orgPeriods.id, id));
    await releaseFiles(
      tx,
      photos.map((p) => p.photo),
    );
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-period.deleted',
      entityType: 'org-period',
      entityId: id,
      summary: `Menghapus periode ${periodName(period)} beserta ${Number(divisions!.n)} divisi dan ${Number(members!.n)} pengurus`,
      details: { divisions: Number(divisions!.n), members: Number(members!.n) },
    });
  });
}

// ---------------------------------------------------------------- ordering

type Sibling = { id: string; sortOrder: number };

/**
 * Swaps an item with its neighbour in the order shown, renumbering the whole group 0..n-1 (so
 * equal or missing numbers never stall a move). Refused at either end.
 */
async function moveWithin(
  tx: Tx,
  table: typeof orgDivisions | typeof orgMembers,
  siblings: Sibling[],
  id: string,
  direction: MoveDirection,
  edgeMessage: string,
) {
  const from = siblings.findIndex((s) => s.id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= siblings.length) throw new ApiError(409, 'AT_EDGE', edgeMessage);
  const order = [...siblings];
  [order[from], order[to]] = [order[to]!, order[from]!];
  for (const [i, s] of order.entries())
    if (s.sortOrder !== i) await tx.update(table).set({ sortOrder: i }).where(eq(table.id, s.id));
}

const siblingOrder = <T extends typeof orgDivisions | typeof orgMembers>(t: T) =>
  sql`${t.sortOrder} asc, ${t.createdAt} asc, ${t.id} asc`;

const nextOrder = async (
  tx: Tx,
  table: typeof orgDivisions | typeof orgMembers,
  where: SQL | undefined,
) => {
  const [row] = await tx
    .select({ top: max(table.sortOrder) })
    .from(table)
    .where(where);
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
};

// ---------------------------------------------------------------- divisions

export async function createDivision(
  db: Db,
  actor: Actor,
  periodId: string,
  input: DivisionValues,
): Promise<Division> {
  return inStructureTx(db, async (tx) => {
    const period = await periodOr404(tx, periodId);
    const sortOrder = await nextOrder(tx, orgDivisions, eq(orgDivisions.periodId, periodId));
    const [row] = await tx
      .insert(orgDivisions)
      .values({ ...input, periodId, sortOrder })
      .returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-division.created',
      entityType: 'org-division',
      entityId: row!.id,
      summary: `Menambahkan divisi "${row!.name}" pada periode ${period.label}`,
      details: { periodId },
    });
    return row!;
  });
}

export async function updateDivision(
  db: Db,
  actor: Actor,
  id: string,
  input: DivisionValues,
): Promise<Division> {
  return inStructureTx(db, async (tx) => {
    const before = await divisionOr404(tx, id);
    const [row] = await tx
      .update(orgDivisions)
      .set(input)
      .where(eq(orgDivisions.id, id))
      .returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-division.updated',
      entityType: 'org-division',
      entityId: id,
      summary:
        before.name === row!.name
          ? `Mengubah keterangan divisi "${row!.name}"`
          : `Mengubah divisi "${before.name}" menjadi "${row!.name}"`,
      details: { periodId: row!.periodId },
    });
    return row!;
  });
}

/** Deletes a division with its members (the foreign key cascades). */
export async function deleteDivision(db: Db, actor: Actor, id: string): Promise<void> {
  await inStructureTx(db, async (tx) => {
    const division = await divisionOr404(tx, id);
    const [members] = await tx
      .select({ n: count() })
      .from(orgMembers)
      .where(eq(orgMembers.divisionId, id));
    const photos = await tx
      .select({ photo: orgMembers.photo })
      .from(orgMembers)
      .where(eq(orgMembers.divisionId, id));
    await tx.delete(orgDivisions).where(eq(orgDivisions.id, id));
    await releaseFiles(
      tx,
      photos.map((p) => p.photo),
    );
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-division.deleted',
      entityType: 'org-division',
      entityId: id,
      summary: `Menghapus divisi "${division.name}" beserta ${Number(members!.n)} anggota`,
      details: { periodId: division.periodId, members: Number(members!.n) },
    });
  });
}

export async function moveDivision(
  db: Db,
  actor: Actor,
  id: string,
  direction: MoveDirection,
): Promise<void> {
  await inStructureTx(db, async (tx) => {
    const division = await divisionOr404(tx, id);
    const siblings = await tx
      .select({ id: orgDivisions.id, sortOrder: orgDivisions.sortOrder })
      .from(orgDivisions)
      .where(eq(orgDivisions.periodId, division.periodId))
      .orderBy(siblingOrder(orgDivisions));
    await moveWithin(
      tx,
      orgDivisions,
      siblings,
      id,
      direction,
      direction === 'up'
        ? 'Divisi ini sudah berada di urutan pertama.'
        : 'Divisi ini sudah berada di urutan terakhir.',
    );
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-division.moved',
      entityType: 'org-division',
      entityId: id,
      summary: `Memindahkan divisi "${division.name}" ${direction === 'up' ? 'ke atas' : 'ke bawah'}`,
      details: { periodId: division.periodId, direction },
    });
  });
}

// ---------------------------------------------------------------- members

/** The division must be one of the period's; the photo must be an uploaded image. */
async function checkMember(tx: Tx, periodId: string, input: MemberValues) {
  if (input.divisionId) {
    const [division] = await tx
      .select({ periodId: orgDivisions.periodId })
      .from(orgDivisions)
      .where(eq(orgDivisions.id, input.divisionId));
    if (!division || division.periodId !== periodId)
      throw invalidField('divisionId', 'Divisi tidak ditemukan pada periode ini.');
  }
  if (input.photo) {
    const [file] = await tx
      .select({ kind: files.kind })
      .from(files)
      .where(eq(files.hash, input.photo));
    if (file?.kind !== 'image')
      throw invalidField('photo', 'Foto tidak ditemukan. Unggah ulang fotonya.');
  }
}

const groupOf = (periodId: string, divisionId: string | null) =>
  and(
    eq(orgMembers.periodId, periodId),
    divisionId ? eq(orgMembers.divisionId, divisionId) : isNull(orgMembers.divisionId),
  );

const roleOf = (m: Pick<Member, 'name' | 'position'>) => `${m.name} (${m.position})`;

export async function createMember(
  db: Db,
  actor: Actor,
  periodId: string,
  input: MemberValues,
): Promise<Member> {
  return inStructureTx(db, async (tx) => {
    const period = await periodOr404(tx, periodId);
    await checkMember(tx, periodId, input);
    const sortOrder = await nextOrder(tx, orgMembers, groupOf(periodId, input.divisionId));
    const [row] = await tx
      .insert(orgMembers)
      .values({ ...input, periodId, sortOrder })
      .returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-member.created',
      entityType: 'org-member',
      entityId: row!.id,
      summary: `Menambahkan ${roleOf(row!)} pada struktur periode ${period.label}`,
      details: { periodId, divisionId: row!.divisionId },
    });
    return row!;
  });
}

export async function updateMember(
  db: Db,
  actor: Actor,
  id: string,
  input: MemberValues,
): Promise<Member> {
  return inStructureTx(db, async (tx) => {
    const before = await memberOr404(tx, id);
    await checkMember(tx, before.periodId, input);
    // Moving to another group puts the person at its end.
    const sortOrder =
      before.divisionId === input.divisionId
        ? before.sortOrder
        : await nextOrder(tx, orgMembers, groupOf(before.periodId, input.divisionId));
    const [row] = await tx
      .update(orgMembers)
      .set({ ...input, sortOrder })
      .where(eq(orgMembers.id, id))
      .returning();
    if (before.photo !== row!.photo) await releaseFiles(tx, [before.photo]);
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-member.updated',
      entityType: 'org-member',
      entityId: id,
      summary: `Mengubah data pengurus ${roleOf(before)} menjadi ${roleOf(row!)}`,
      details: { periodId: row!.periodId, divisionId: row!.divisionId },
    });
    return row!;
  });
}

export async function deleteMember(db: Db, actor: Actor, id: string): Promise<void> {
  await inStructureTx(db, async (tx) => {
    const member = await memberOr404(tx, id);
    await tx.delete(orgMembers).where(eq(orgMembers.id, id));
    await releaseFiles(tx, [member.photo]);
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-member.deleted',
      entityType: 'org-member',
      entityId: id,
      summary: `Menghapus ${roleOf(member)} dari struktur organisasi`,
      details: { periodId: member.periodId, divisionId: member.divisionId },
    });
  });
}

export async function moveMember(
  db: Db,
  actor: Actor,
  id: string,
  direction: MoveDirection,
): Promise<void> {
  await inStructureTx(db, async (tx) => {
    const member = await memberOr404(tx, id);
    const siblings = await tx
      .select({ id: orgMembers.id, sortOrder: orgMembers.sortOrder })
      .from(orgMembers)
      .where(groupOf(member.periodId, member.divisionId))
      .orderBy(siblingOrder(orgMembers));
    await moveWithin(
      tx,
      orgMembers,
      siblings,
      id,
      direction,
      direction === 'up'
        ? 'Pengurus ini sudah berada di urutan pertama.'
        : 'Pengurus ini sudah berada di urutan terakhir.',
    );
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'org-member.moved',
      entityType: 'org-member',
      entityId: id,
      summary: `Memindahkan ${roleOf(member)} ${direction === 'up' ? 'ke atas' : 'ke bawah'}`,
      details: { periodId: member.periodId, divisionId: member.divisionId, direction },
    });
  });
}
