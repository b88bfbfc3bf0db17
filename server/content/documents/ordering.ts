import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { documents, services } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/** The content tables ordered by hand within a category (documents and services). */
type OrderedTable = typeof documents | typeof services;

/**
 * Sorts rows by the position of their category in a fixed list (unknown categories last), then
 * by their hand-set order.
 */
export function categoryOrder(table: OrderedTable, categories: readonly string[]): SQL {
  const cases = categories.map((c, i) => sql`when ${c} then ${i}`);
  return sql`case ${table.category} ${sql.join(cases, sql` `)} else ${categories.length} end`;
}

/** The order within a category: sortOrder, then the oldest first (so equal orders stay stable). */
export const withinCategory = (table: OrderedTable) => [
  asc(table.sortOrder),
  asc(table.createdAt),
  asc(table.id),
];

/** Window columns: an item's 1-based place in its category and how many the category holds. */
export const placeColumns = (table: OrderedTable) => ({
  position:
    sql<number>`row_number() over (partition by ${table.category} order by ${table.sortOrder}, ${table.createdAt}, ${table.id})`
      .mapWith(Number)
      .as('position'),
  siblings: sql<number>`count(*) over (partition by ${table.category})`
    .mapWith(Number)
    .as('siblings'),
});

/** The sortOrder that puts a new item last in its category. */
export async function nextSortOrder(tx: Tx, table: OrderedTable, category: string) {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${table.sortOrder})` })
    .from(table)
    .where(eq(table.category, category));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/**
 * Moves an item one place up or down within its category, inside the caller's transaction: the
 * category's rows are locked, swapped and renumbered 0…n-1 (so equal orders become distinct).
 * Refuses (409, nothing changed) when the item is already first or last.
 */
export async function moveWithinCategory(
  tx: Tx,
  table: OrderedTable,
  item: { id: string; category: string },
  direction: 'up' | 'down',
  messages: { first: string; last: string },
) {
  const siblings = await tx
    .select({ id: table.id, sortOrder: table.sortOrder })
    .from(table)
    .where(eq(table.category, item.category))
    .orderBy(...withinCategory(table))
    .for('update');
  const from = siblings.findIndex((s) => s.id === item.id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= siblings.length)
    throw new ApiError(409, 'CANNOT_MOVE', direction === 'up' ? messages.first : messages.last);
  const order = siblings.slice();
  [order[from], order[to]] = [order[to]!, order[from]!];
  for (const [i, s] of order.entries()) {
    if (s.sortOrder !== i) await tx.update(table).set({ sortOrder: i }).where(eq(table.id, s.id));
  }
  return { from: from + 1, to: to + 1, of: siblings.length };
}

/** A LIKE pattern matching `q` anywhere, with its wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
