import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { elections } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { canEditSetup } from '../rules/lifecycle.ts';

/** The election's row, locked for the rest of the transaction; 404 when there is none. */
export async function electionForUpdate(tx: Tx, electionId: string) {
  const [election] = await tx
    .select()
    .from(elections)
    .where(eq(elections.id, electionId))
    .for('update');
  if (!election) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  return election;
}

/**
 * Locks the election row for this transaction and checks it is still a draft: every setup change
 * and the lock itself take this row lock, so nothing can change an election being locked.
 */
export async function draftForUpdate(tx: Tx, electionId: string) {
  const election = await electionForUpdate(tx, electionId);
  if (election.status === 'archived')
    throw new ApiError(409, 'ARCHIVED', 'Pemilihan ini sudah diarsipkan dan tidak dapat diubah.');
  if (!canEditSetup(election)) {
    throw new ApiError(
      409,
      'LOCKED',
      'Pemilihan sudah dikunci: kandidat, daftar pemilih dan surat suara tidak dapat diubah lagi.',
    );
  }
  return election;
}
