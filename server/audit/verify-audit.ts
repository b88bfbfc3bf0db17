import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { GENESIS } from '../crypto/hash-chain.ts';
import { auditEntryHash } from './append-audit.ts';

export type ChainReport = { ok: boolean; entries: number; head: string; problems: string[] };

/** Recomputes the whole audit chain from the database; any removed, altered or inserted entry shows. */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.seq));
  const problems: string[] = [];
  let prev = GENESIS;
  for (const r of rows) {
    if (r.prevHash !== prev) problems.push(`entri #${r.seq}: tidak tersambung ke entri sebelumnya`);
    const expected = auditEntryHash({
      at: r.at,
      actorId: r.actorId,
      actorName: r.actorName,
      actorRole: r.actorRole,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      electionId: r.electionId,
      summary: r.summary,
      details: r.details,
      prevHash: r.prevHash,
    });
    if (expected !== r.hash) problems.push(`entri #${r.seq}: isi tidak cocok dengan hash-nya`);
    prev = r.hash;
  }
  return { ok: problems.length === 0, entries: rows.length, head: prev, problems };
}
