import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  isAllowedServiceLink,
  SERVICE_CATEGORIES,
  type ServiceCategory,
  type serviceInputSchema,
} from '../../../shared/schemas/services.ts';
import type { z } from '../../../shared/validation.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { services } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import {
  categoryOrder,
  containsPattern,
  moveWithinCategory,
  nextSortOrder,
  placeColumns,
  withinCategory,
} from '../documents/ordering.ts';

export type ServiceInput = z.output<typeof serviceInputSchema>;
type ServiceRow = typeof services.$inferSelect;
export type ListedService = ServiceRow & { position: number; siblings: number };

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Layanan tidak ditemukan.');

export type ServiceFilter = {
  q?: string | undefined;
  category?: string | undefined;
  page: number;
  limit: number;
};

async function placedServices(db: Db, where: SQL | undefined, limit: number, offset = 0) {
  // Places are counted over every service of the category, whatever the search shows.
  const placed = db
    .select({ id: services.id, ...placeColumns(services) })
    .from(services)
    .as('placed');
  const rows = await db
    .select({ service: services, position: placed.position, siblings: placed.siblings })
    .from(services)
    .innerJoin(placed, eq(placed.id, services.id))
    .where(where)
    .orderBy(categoryOrder(services, SERVICE_CATEGORIES), ...withinCategory(services))
    .limit(limit)
    .offset(offset);
  return rows.map((r): ListedService => ({
    ...r.service,
    position: Number(r.position),
    siblings: Number(r.siblings),
  }));
}

/** Services by category (in the fixed category order), then by their hand-set order. */
export async function listServices(db: Db, f: ServiceFilter) {
  const conditions: SQL[] = [];
  if (f.q) {
    const p = containsPattern(f.q);
    conditions.push(
      or(
        ilike(services.title, p),
        ilike(services.description, p),
        ilike(services.category, p),
        ilike(services.contact, p),
      )!,
    );
  }
  if (f.category) conditions.push(eq(services.category, f.category));
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    placedServices(db, where, f.limit, (f.page - 1) * f.limit),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** One service as the list shows it. */
export async function getService(db: Db, id: string): Promise<ListedService> {
  const [row] = await placedServices(db, eq(services.id, id), 1);
  if (!row) throw notFound();
  return row;
}

const audit = (
  tx: Tx,
  actor: Actor,
  action: string,
  row: Pick<ServiceRow, 'id' | 'title' | 'category'>,
  summary: string,
  details: Record<string, unknown> = {},
) =>
  appendAudit(tx, {
    ...auditActor(actor),
    action: `service.${action}`,
    entityType: 'service',
    entityId: row.id,
    summary,
    details: { title: row.title, category: row.category, ...details },
  });

/** Adds a service at the end of its category. */
export async function createService(db: Db, actor: Actor, input: ServiceInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values({ ...input, sortOrder: await nextSortOrder(tx, services, input.category) })
      .returning();
    await audit(
      tx,
      actor,
      'created',
      row!,
      `Menambahkan layanan "${row!.title}" (${row!.category})`,
    );
    return row!;
  });
}

/** Changes a service; a new category puts it at the end of that category. */
export async function updateService(db: Db, actor: Actor, id: string, input: ServiceInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(services).where(eq(services.id, id)).for('update');
    if (!before) throw notFound();
    const [row] = await tx
      .update(services)
      .set({
        ...input,
        ...(before.category !== input.category
          ? { sortOrder: await nextSortOrder(tx, services, input.category) }
          : {}),
      })
      .where(eq(services.id, id))
      .returning();
    const changed = (
      ['title', 'description', 'category', 'link', 'contact', 'hours'] as const
    ).filter((k) => before[k] !== row![k]);
    await audit(tx, actor, 'updated', row!, `Mengubah layanan "${row!.title}"`, { changed });
    return row!;
  });
}

/** Removes a service. */
export async function deleteService(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(services).where(eq(services.id, id)).returning();
    if (!removed) throw notFound();
    await audit(tx, actor, 'deleted', removed, `Menghapus layanan "${removed.title}"`);
  });
}

/** Moves a service one place up or down within its category. */
export async function moveService(db: Db, actor: Actor, id: string, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(services).where(eq(services.id, id));
    if (!row) throw notFound();
    const moved = await moveWithinCategory(tx, services, row, direction, {
      first: 'Layanan ini sudah berada di urutan pertama kategorinya.',
      last: 'Layanan ini sudah berada di urutan terakhir kategorinya.',
    });
    await audit(
      tx,
      actor,
      'moved',
      row,
      `Memindahkan layanan "${row.title}" ke urutan ${moved.to} dari ${moved.of} di ${row.category}`,
      { from: moved.from, to: moved.to },
    );
  });
}

/** A service as it leaves the server. */
export const presentService = (s: ListedService) => ({
  id: s.id,
  title: s.title,
  description: s.description,
  category: s.category as ServiceCategory,
  // Checked again on the way out: a link that is not one of the accepted kinds never reaches a page.
  link: isAllowedServiceLink(s.link) ? s.link : '',
  contact: s.contact,
  hours: s.hours,
  sortOrder: s.sortOrder,
  position: s.position,
  siblings: s.siblings,
  isExample: s.isExample,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
