import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { elections } from '../../db/schema/index.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { resultsSealed } from '../rules/lifecycle.ts';
import { closedForGood } from './box-closed.ts';
import { examineBallots } from './examine-ballots.ts';
import { loadElection, sealedError } from './election-row.ts';

export { SEAL_GRACE_SECONDS } from './box-closed.ts';

export type SealOutcome = {
  /** The head stored in the election (null when it could not be sealed yet). */
  sealedHead: string | null;
  /** True when this call stored it. */
  sealedNow: boolean;
  /** Set when the stored head differs from the one recomputed now (never overwritten). */
  problem: string | null;
};

/**
 * Seals the ballot chain: stores its head in `elections.ballot_chain_head` the first time results
 * are computed after the polls closed, with an audit entry in the same transaction. A head
 * already stored is never overwritten; a recomputed head that differs from it is a problem.
 *
 * `head` is one the caller computed, used only to compare with a head already stored (the head
 * stored is always read after the database says the box is closed); `now` is the caller's clock. Whether the polls are closed is also asked of the database's own clock (the one casting
 * checks, plus SEAL_GRACE_SECONDS), so an application clock running ahead can never seal a box
 * that still accepts ballots.
 */
export async function sealBallotChain(
  db: Db,
  electionId: string,
  opts: { head?: string; now?: Date } = {},
): Promise<SealOutcome> {
  const election = await loadElection(db, electionId);
  if (resultsSealed(election, opts.now ?? new Date())) throw sealedError();
  let current = opts.head;
  if (election.ballotChainHead === null) {
    // Ask the database's clock first, and read the box only after it says the box is closed for
    // good: a head read any earlier (e.g. the caller's) could miss a cast still committing.
    const [closed] = await db
      .select({ id: elections.id })
      .from(elections)
      .where(and(eq(elections.id, electionId), closedForGood));
    if (!closed) return { sealedHead: null, sealedNow: false, problem: null };
    current = (await examineBallots(db, election)).head;
    const head = current;
    const stored = await db.transaction(async (tx) => {
      const rows = await tx
        .update(elections)
        .set({ ballotChainHead: head })
        .where(and(eq(elections.id, electionId), isNull(elections.ballotChainHead), closedForGood))
        .returning({ id: elections.id });
      if (!rows.length) return false;
      await appendAudit(tx, {
        actorId: null,
        actorName: 'Sistem',
        actorRole: 'sistem',
        action: 'election.sealed',
        entityType: 'election',
        entityId: electionId,
        electionId,
        summary: `Rantai surat suara "${election.title}" disegel setelah pemungutan suara ditutup.`,
        details: { head },
      });
      return true;
    });
    if (stored) return { sealedHead: head, sealedNow: true, problem: null };
  }
  // Sealed before (by this or another instance), or the database says the polls are still open.
  const [row] = await db
    .select({ head: elections.ballotChainHead })
    .from(elections)
    .where(eq(elections.id, electionId));
  const sealedHead = row?.head ?? null;
  current ??= sealedHead === null ? undefined : (await examineBallots(db, election)).head;
  const problem =
    sealedHead !== null && current !== undefined && sealedHead !== current
      ? `Head rantai surat suara yang dihitung ulang (${current}) berbeda dengan yang disegel (${sealedHead}).`
      : null;
  return { sealedHead, sealedNow: false, problem };
}
