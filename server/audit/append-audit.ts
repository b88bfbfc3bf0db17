import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { GENESIS } from '../crypto/hash-chain.ts';

// Every appender takes this lock first, so entries form one chain however many instances write.
const AUDIT_LOCK_KEY = 7_204_613_512;

export type AuditEntry = {
  actorId: string | null;
  actorName: string;
  /** master, admin, panitia, pemilih or sistem. */
  actorRole: string;
  action: string;
  entityType: string;
  entityId?: string | null;
  electionId?: string | null;
  /** One Indonesian sentence for the activity history. */
  summary: string;
  details?: Record<string, unknown>;
};

type Stored = AuditEntry & { at: Date; prevHash: string };

/** JSON with object keys sorted at every level: jsonb stores keys in its own order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The canonical text an entry's hash covers: every field, in a fixed order. */
export function auditEntryText(e: Stored): string {
  return canonicalJson([
    e.at.toISOString(),
    e.actorId ?? null,
    e.actorName,
    e.actorRole,
    e.action,
    e.entityType,
    e.entityId ?? null,
    e.electionId ?? null,
    e.summary,
    e.details ?? {},
    e.prevHash,
  ]);
}

export const auditEntryHash = (e: Stored) =>
  createHash('sha256').update(auditEntryText(e)).digest('hex');

/**
 * Appends one entry inside the caller's transaction, chained to the entry before it. The entry
 * commits or rolls back with the change it describes.
 */
export async function appendAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const at = new Date();
  const stored: Stored = { ...entry, at, prevHash: last?.hash ?? GENESIS };
  await tx.insert(auditLog).values({
    at,
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorRole: entry.actorRole,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    electionId: entry.electionId ?? null,
    summary: entry.summary,
    details: entry.details ?? {},
    prevHash: stored.prevHash,
    hash: auditEntryHash(stored),
  });
}
