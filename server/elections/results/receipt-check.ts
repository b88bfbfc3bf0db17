import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ballots, recordEntries } from '../../db/schema/index.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { ApiError } from '../../http/errors.ts';
import { normalizeReceipt } from '../ballot-box/receipt.ts';
import { hashReceipt } from '../rules/ballot.ts';
import { loadElection } from './election-row.ts';
import { trackerSearch } from '../../../shared/tracker-search.ts';

/**
 * Tells a voter whether the ballot behind a receipt (Kode Bukti) is in the election's ballot box,
 * so in the counted set. Only found or not: never the choice, and nothing about when.
 */
export async function checkReceipt(
  db: Db,
  electionId: string,
  receipt: string,
): Promise<{ found: boolean }> {
  const election = await loadElection(db, electionId);
  if (election.ballotFormat === ENCRYPTED_BALLOT_FORMAT)
    return checkTracker(db, electionId, receipt);
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

/**
 * A verifiable election's Kode Bukti is its ballot's tracker: the base64 SHA-256 of the ballot,
 * whose hex form names the ballot in the public record. Found when that ballot is in the record.
 */
async function checkTracker(
  db: Db,
  electionId: string,
  tracker: string,
): Promise<{ found: boolean }> {
  // As shown (groups of four) or copied with the dashes other codes use: neither is part of it.
  const text = trackerSearch(tracker);
  const digest = Buffer.from(text, 'base64');
  if (digest.length !== 32 || digest.toString('base64').replace(/=+$/, '') !== text) {
    const message =
      'Format Kode Bukti tidak valid: salin 43 karakter yang tampil setelah memilih (huruf besar dan kecil dibedakan).';
    throw new ApiError(400, 'VALIDATION_ERROR', message, { receipt: message });
  }
  const [row] = await db
    .select({ position: recordEntries.position })
    .from(recordEntries)
    .where(
      and(
        eq(recordEntries.electionId, electionId),
        eq(recordEntries.hash, digest.toString('hex')),
        eq(recordEntries.kind, 'data'),
        like(recordEntries.body, '{"election_uuid":%'),
      ),
    );
  return { found: row !== undefined };
}
