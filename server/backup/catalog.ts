import type { ColumnInfo } from './format.ts';
import type { Conn } from './connection.ts';

export type SchemaTable = { name: string; columns: ColumnInfo[]; primaryKey: string[] };

/**
 * The application's tables as the database itself describes them (schema `public`): columns in
 * their order (generated columns left out: the server computes them again), primary keys, and an
 * order in which every table comes after the tables its foreign keys point at.
 */
export async function readSchema(conn: Conn): Promise<SchemaTable[]> {
  const columns = await conn.query<{ table: string; name: string; type: string }>(
    `select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
        and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const keys = await conn.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = 'public'
      order by c.relname, k.ord`,
  );
  const references = await conn.query<{ table: string; target: string }>(
    `select c.relname as "table", t.relname as target
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class t on t.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, SchemaTable>();
  for (const c of columns) {
    let table = tables.get(c.table);
    if (!table) tables.set(c.table, (table = { name: c.table, columns: [], primaryKey: [] }));
    table.columns.push({ name: c.name, type: c.type });
  }
  for (const k of keys) tables.get(k.table)?.primaryKey.push(k.column);
  return dependencyOrder([...tables.values()], references);
}

/** Tables ordered so that each follows those it references (a reference to itself is ignored). */
function dependencyOrder(
  tables: SchemaTable[],
  references: { table: string; target: string }[],
): SchemaTable[] {
  const needs = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of references) if (r.table !== r.target) needs.get(r.table)?.add(r.target);
  const ordered: SchemaTable[] = [];
  const placed = new Set<string>();
  const waiting = [...tables].sort((a, b) => (a.name < b.name ? -1 : 1));
  while (waiting.length) {
    const i = waiting.findIndex((t) => [...needs.get(t.name)!].every((n) => placed.has(n)));
    if (i < 0)
      throw new Error(
        `foreign keys form a cycle among ${waiting.map((t) => t.name).join(', ')}: no load order`,
      );
    const [next] = waiting.splice(i, 1);
    ordered.push(next!);
    placed.add(next!.name);
  }
  return ordered;
}

/** The sequences of schema `public` (serial and identity columns' counters). */
export async function readSequences(conn: Conn): Promise<string[]> {
  const rows = await conn.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Row triggers that run before an insert (they could change a restored row on its way in). The
 * application has none: its triggers refuse UPDATE, DELETE and TRUNCATE, or notify after a write.
 */
export async function beforeInsertTriggers(conn: Conn): Promise<string[]> {
  const rows = await conn.query<{ name: string }>(
    `select c.relname || '.' || t.tgname as name
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & 7) = 7
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** What the schema `public` holds: tables, all relations (indexes, sequences…), own types. */
export async function publicObjects(
  conn: Conn,
): Promise<{ tables: number; relations: number; types: number }> {
  const [row] = await conn.query<{ tables: number; relations: number; types: number }>(
    `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relkind in ('r', 'p')) as tables,
            (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public') as relations,
            (select count(*)::int from pg_type t join pg_namespace n on n.oid = t.typnamespace
              where n.nspname = 'public' and t.typtype in ('e', 'c', 'd', 'r')
                and not exists (select 1 from pg_class c where c.reltype = t.oid)) as types`,
  );
  return row!;
}
