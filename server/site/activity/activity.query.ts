import { stringify } from 'csv-stringify';
import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityFilter } from '../../../shared/schemas/admins.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** `%`, `_` and `\` typed in the search box are matched literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The start of a WIB calendar day (Asia/Jakarta has no daylight saving: always +07:00). */
const wibDayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

function where(f: ActivityFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.role) parts.push(eq(auditLog.actorRole, f.role));
  if (f.entityType) parts.push(eq(auditLog.entityType, f.entityType));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.from) parts.push(sql`${auditLog.at} >= ${wibDayStart(f.from).toISOString()}`);
  if (f.to)
    parts.push(
      sql`${auditLog.at} < ${new Date(wibDayStart(f.to).getTime() + 86_400_000).toISOString()}`,
    );
  if (f.q) {
    const pattern = likePattern(f.q);
    parts.push(or(ilike(auditLog.summary, pattern), ilike(auditLog.actorName, pattern)));
  }
  return parts.length ? and(...parts) : undefined;
}

const columns = {
  seq: auditLog.seq,
  at: auditLog.at,
  actorName: auditLog.actorName,
  actorRole: auditLog.actorRole,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  electionId: auditLog.electionId,
  summary: auditLog.summary,
  hash: auditLog.hash,
};

/** One page of entries matching the filters, newest first, and how many match in all. */
export async function listActivity(db: Db, f: ActivityFilter, page: number, pageSize: number) {
  const condition = where(f);
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** The entity types and actions present in the log, for the filter lists. */
export async function activityOptions(db: Db) {
  const [types, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType)),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return { entityTypes: types.map((t) => t.v), actions: actions.map((a) => a.v) };
}

const wibTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab / carriage return) as a formula;
 * such values get a leading apostrophe so they stay text.
 */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_BATCH = 1000;

/**
 * Every entry matching the filters as CSV, oldest first, read from the database in batches so a
 * long log never sits in memory whole. Starts with a byte order mark for spreadsheet programs.
 */
export function activityCsv(db: Db, f: ActivityFilter): ReadableStream<Uint8Array> {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [
      'No',
      'Waktu (WIB)',
      'Pelaku',
      'Peran',
      'Aksi',
      'Ringkasan',
      'Jenis Item',
      'ID Item',
      'ID Pemilihan',
      'Hash',
    ],
    cast: { string: defuseFormula },
  });
  const condition = where(f);
  void (async () => {
    try {
      let after = 0;
      for (;;) {
        const rows = await db
          .select(columns)
          .from(auditLog)
          .where(and(condition, gt(auditLog.seq, after)))
          .orderBy(asc(auditLog.seq))
          .limit(CSV_BATCH);
        for (const r of rows) {
          const ok = csv.write([
            String(r.seq),
            wibTime.format(r.at),
            r.actorName,
            r.actorRole,
            r.action,
            r.summary,
            r.entityType,
            r.entityId ?? '',
            r.electionId ?? '',
            r.hash,
          ]);
          if (!ok)
            await new Promise((resolve) => {
              csv.once('drain', resolve);
              csv.once('close', resolve);
            });
          if (csv.destroyed) return;
        }
        if (rows.length < CSV_BATCH) break;
        after = rows.at(-1)!.seq;
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  const chunks = csv[Symbol.asyncIterator]() as AsyncIterator<string | Buffer>;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else
        controller.enqueue(
          typeof next.value === 'string' ? encoder.encode(next.value) : new Uint8Array(next.value),
        );
    },
    cancel() {
      csv.destroy();
    },
  });
}
