import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { elections } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { resultsPublic, visibleToPublic } from '../rules/lifecycle.ts';

/** Reading an election's row for its results (and the refusal while they are sealed). */

export type ElectionRow = typeof elections.$inferSelect;

export const sealedError = () =>
  new ApiError(
    409,
    'RESULTS_SEALED',
    'Hasil belum tersedia. Perolehan suara dibuka setelah pemungutan suara ditutup.',
  );

export async function loadElection(db: Db, electionId: string): Promise<ElectionRow> {
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!election) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  return election;
}

/** How long the row of an election whose results are public is reused by the results page. */
export const PUBLIC_ROW_TTL_MS = 1000;
const publicRows = new Map<string, { row: ElectionRow; at: number }>();

/**
 * The election's row as the results page reads it. Once an election's sealed results are public
 * they stay public (announcing and archiving only relabel it): such a row is reused for up to
 * PUBLIC_ROW_TTL_MS, so a crowd opening the page costs one query a second. Every other row (not
 * sealed, or not released to everyone) is read afresh on every request, since its schedule and
 * status decide what may be shown. This process forgets a row as soon as it changes it
 * (forgetPublicRow); a change made by another instance shows here within the TTL.
 */
export async function loadElectionForResults(
  db: Db,
  electionId: string,
  now: Date,
): Promise<ElectionRow> {
  const memo = publicRows.get(electionId);
  if (memo && performance.now() - memo.at < PUBLIC_ROW_TTL_MS) return memo.row;
  const row = await loadElection(db, electionId);
  if (row.ballotChainHead !== null && visibleToPublic(row) && resultsPublic(row, now))
    publicRows.set(electionId, { row, at: performance.now() });
  else publicRows.delete(electionId);
  return row;
}

/** Drops the reused row of an election (this process has just changed it). */
export function forgetPublicRow(electionId: string) {
  publicRows.delete(electionId);
}

/** Drops every reused row (tests). */
export function forgetAllPublicRows() {
  publicRows.clear();
}
