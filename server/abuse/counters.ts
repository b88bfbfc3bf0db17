import crypto from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requestLimits } from '../db/schema/index.ts';

/** The key part for an email address: a digest of its normalised form. */
export const emailDigest = (email: string) =>
  crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** A counter row: how many events since `windowStart` (ms since the epoch). */
export type Counter = { count: number; windowStart: number };

/**
 * Counts one event under `key` in a fixed window of `windowMs`, in one atomic upsert on the
 * database (so every app instance shares the count), and returns the count so far in the window.
 */
export async function hitWindow(db: Db, key: string, windowMs: number, now: number) {
  const lapsed = sql`${requestLimits.windowStart} <= ${now - windowMs}`;
  const [row] = await db
    .insert(requestLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${lapsed} then 1 else ${requestLimits.count} + 1 end`,
        windowStart: sql`case when ${lapsed} then ${now} else ${requestLimits.windowStart} end`,
      },
    })
    .returning({ count: requestLimits.count, windowStart: requestLimits.windowStart });
  return row!;
}

/** The counters under these keys (absent keys are missing from the map). */
export async function readCounters(db: Db, keys: string[]): Promise<Map<string, Counter>> {
  const rows = await db
    .select({
      key: requestLimits.key,
      count: requestLimits.count,
      windowStart: requestLimits.windowStart,
    })
    .from(requestLimits)
    .where(inArray(requestLimits.key, keys));
  return new Map(rows.map((r) => [r.key, { count: r.count, windowStart: r.windowStart }]));
}

/** Forgets a counter. */
export async function clearCounter(db: Db, key: string) {
  await db.delete(requestLimits).where(sql`${requestLimits.key} = ${key}`);
}

/** No counter lives longer than this after its window started (the longest window is an hour). */
const KEEP_MS = 2 * 3600 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrune = 0;

/**
 * Drops counters whose windows ended long ago, at most once every ten minutes per process: keys
 * hold client addresses (and digests of email addresses), kept no longer than the limits need.
 */
export async function pruneCounters(db: Db, now: number) {
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  await db.delete(requestLimits).where(lt(requestLimits.windowStart, now - KEEP_MS));
}
