import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ballots } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { normalizeReceipt } from '../ballot-box/receipt.ts';
import { hashReceipt } from '../rules/ballot.ts';
import { loadElection } from './election-row.ts';

/**
 * Tells a voter whether the ballot behind a receipt (Kode Bukti) is in the election's ballot box,
 * so in the counted set. Only found or not: never the choice, and nothing about when.
 */
export async function checkReceipt(
  db: Db,
  electionId: string,
  receipt: string,
): Promise<{ found: boolean }> {
  await loadElection(db, electionId);
  const normalized = normalizeReceipt(receipt);
  if (!normalized) {
    const message = 'Format Kode Bukti tidak valid (contoh: ABCD-EFGH-JKMN-PQRS).';
    throw new ApiError(400, 'VALIDATION_ERROR', message, { receipt: message });
  }
  const [row] = await db
    .select({ electionId: ballots.electionId })
    .from(ballots)
    .where(
      and(eq(ballots.receiptHash, hashReceipt(normalized)), eq(ballots.electionId, electionId)),
    );
  return { found: row !== undefined };
}
