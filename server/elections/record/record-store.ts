import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { electionRecords, recordEntries } from '../../db/schema/index.ts';
import {
  archiveOf,
  RecordWriter,
  type RecordEntry,
  type RecordEvent,
} from '../../../shared/crypto/record/record.ts';

/**
 * The public record of a verifiable election as the database keeps it: its entries in archive
 * order (append-only) and, beside the election, the head of the event chain. Every append locks
 * the election's record row first, so the chain has one order whatever the concurrency.
 */
export type ElectionRecordRow = typeof electionRecords.$inferSelect;

/** The record row of an election (locked for the rest of the transaction when `forUpdate`). */
export async function recordRow(
  db: Db | Tx,
  electionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ElectionRecordRow | undefined> {
  const query = db.select().from(electionRecords).where(eq(electionRecords.electionId, electionId));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Stores the entries a writer added after `row`'s head, and moves the head. */
export async function storeAppended(tx: Tx, row: ElectionRecordRow, writer: RecordWriter) {
  if (!writer.entries.length) return row;
  await tx.insert(recordEntries).values(
    writer.entries.map((e, i) => ({
      electionId: row.electionId,
      position: row.entryCount + i,
      kind: e.kind,
      hash: e.hash,
      body: e.text,
    })),
  );
  const events = writer.entries.flatMap((e) => (e.kind === 'event' ? [e] : []));
  const last = events.at(-1);
  const tally = events.find((e) => e.event.type === 'EncryptedTally');
  const [moved] = await tx
    .update(electionRecords)
    .set({
      entryCount: row.entryCount + writer.entries.length,
      ...(last ? { headHash: last.hash, headHeight: last.event.height } : {}),
      ...(events.some((e) => e.event.type === 'EndBallots') ? { ballotsEnded: true } : {}),
      ...(tally ? { tallyHash: tally.hash, tallyHeight: tally.event.height } : {}),
    })
    .where(eq(electionRecords.electionId, row.electionId))
    .returning();
  return moved!;
}

/** A writer continuing the record after its head. */
export const writerAfter = (row: ElectionRecordRow) =>
  RecordWriter.after(row.timestamp, { hash: row.headHash, height: row.headHeight });

/** Every entry of an election's record, in archive order. */
export async function recordEntriesOf(db: Db | Tx, electionId: string): Promise<RecordEntry[]> {
  const rows = await db
    .select({ kind: recordEntries.kind, hash: recordEntries.hash, body: recordEntries.body })
    .from(recordEntries)
    .where(eq(recordEntries.electionId, electionId))
    .orderBy(asc(recordEntries.position));
  return rows.map(entryOf);
}

const entryOf = (r: { kind: string; hash: string; body: string }): RecordEntry =>
  r.kind === 'event'
    ? { kind: 'event', hash: r.hash, text: r.body, event: JSON.parse(r.body) as RecordEvent }
    : { kind: 'data', hash: r.hash, text: r.body };

/** The body of one entry of a record, found by its hash (indexed). */
export async function entryBody(db: Db | Tx, electionId: string, hash: string) {
  const [entry] = await db
    .select({ body: recordEntries.body })
    .from(recordEntries)
    .where(and(eq(recordEntries.electionId, electionId), eq(recordEntries.hash, hash)));
  return entry?.body;
}

/**
 * The entries from the encrypted tally's event on (the decryptions and the result; the tally's
 * own data come before its event): what the decryption's status needs, without reading the
 * ballots. Empty before the tally.
 */
export async function entriesFromTally(db: Db | Tx, row: ElectionRecordRow) {
  if (!row.tallyHash) return [];
  const [at] = await db
    .select({ position: recordEntries.position })
    .from(recordEntries)
    .where(
      and(eq(recordEntries.electionId, row.electionId), eq(recordEntries.hash, row.tallyHash)),
    );
  if (!at) return [];
  const rows = await db
    .select({ kind: recordEntries.kind, hash: recordEntries.hash, body: recordEntries.body })
    .from(recordEntries)
    .where(
      and(eq(recordEntries.electionId, row.electionId), gte(recordEntries.position, at.position)),
    )
    .orderBy(asc(recordEntries.position));
  return rows.map(entryOf);
}

/**
 * The record as its `<uuid>.bel` archive (what `election:export` writes and /hasil offers).
 * `throughTally`: only up to the encrypted tally — setup, every ballot, EndBallots and the tally,
 * all encrypted — for those who may not see the counts yet (the decryptions and the result are
 * the counts). A prefix of a record is itself a record, and later copies extend it.
 */
export async function recordArchive(
  db: Db | Tx,
  electionId: string,
  opts: { throughTally?: boolean } = {},
): Promise<RecordCopy | undefined> {
  const row = await recordRow(db, electionId);
  if (!row) return undefined;
  let entries = await recordEntriesOf(db, electionId);
  if (opts.throughTally) {
    const at = entries.findIndex((e) => e.kind === 'event' && e.event.type === 'EncryptedTally');
    if (at >= 0) entries = entries.slice(0, at + 1);
  }
  const events = entries.filter((e) => e.kind === 'event');
  const head = events.at(-1)!;
  return {
    uuid: row.uuid,
    bytes: archiveOf(row.timestamp, entries),
    head: head.hash,
    events: events.length,
    complete: entries.length === row.entryCount,
    credentials: { count: row.credentialsCount, fingerprint: row.credentialsFingerprint },
  };
}

export type RecordCopy = {
  uuid: string;
  bytes: Uint8Array;
  /** The hash of the last event in this copy: what a snapshot pins. */
  head: string;
  events: number;
  /** False when the copy stops at the tally (the rest is not visible to its reader yet). */
  complete: boolean;
  /** Announced at lock: the public credentials' number and fingerprint. */
  credentials: { count: number; fingerprint: string };
};
