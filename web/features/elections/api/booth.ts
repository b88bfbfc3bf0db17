import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import { BoothError, BoothWorker, useBoothWorker } from '../booth/booth-worker.ts';
import type { SealedBallotJson } from '../../../workers/build-ballot.worker.ts';
import type { Ballot } from './elections.ts';

// The booth's own calls, apart from the election lists (elections.ts), which public pages load
// without the booth's worker code.

/** A ballot built in this browser for a choice, not sent yet: its bytes, tracker and randomness. */
export type SealedBallot = SealedBallotJson & {
  choice: string;
  /**
   * Sent once without an answer (the connection dropped): it may be in the ballot box, so it may
   * only be sent again, never opened (its randomness would reveal a counted vote).
   */
  sent?: boolean;
};

/**
 * The booth of a verifiable election, on one worker that prepares the election's tables as soon
 * as the ballot is shown: `seal` encrypts a choice (the tracker is then shown before sending),
 * `audit` opens a sealed ballot instead of casting it ("Periksa surat suara"): the server
 * publishes it among the audited ballots and will never accept it, and this browser opens it
 * itself to show what it holds.
 */
export function useBooth(id: string, verifiable: Ballot['verifiable']) {
  const prepared = useBoothWorker(verifiable?.election);
  const seal = useMutation({
    mutationFn: async ({
      choice,
      credential,
    }: {
      choice: string;
      credential: string | undefined;
    }): Promise<SealedBallot> => {
      if (!verifiable) throw new BoothError('Pemilihan ini tidak memakai surat suara terenkripsi.');
      if (!credential) throw new BoothError('Kredensial belum dimasukkan.');
      const plaintext = verifiable.slots.map((slot) => (slot === choice ? 1 : 0));
      if (!plaintext.includes(1)) throw new BoothError('Pilihan tidak ada pada surat suara.');
      const sealed = await withBooth(prepared.current, (booth) =>
        booth.build({ election: verifiable.election, credential, plaintexts: [plaintext] }),
      );
      return { ...sealed, choice };
    },
  });
  const audit = useMutation({
    mutationFn: async (sealed: SealedBallot) => {
      if (!verifiable) throw new BoothError('Pemilihan ini tidak memakai surat suara terenkripsi.');
      const answer = await json(
        api.voting[':id'].audit.$post({
          param: { id },
          json: { ballot: sealed.ballot, randomness: sealed.randomness },
        }),
      );
      // The booth's own check, not the server's word: every proof, then the ballot opened here.
      const verdict = await withBooth(prepared.current, (booth) =>
        booth.open({
          election: verifiable.election,
          ballot: sealed.ballot,
          randomness: sealed.randomness,
        }),
      );
      const slots = verdict.ok
        ? verdict.plaintexts.flatMap((p) => verifiable.slots.filter((_, i) => p[i] === 1))
        : [];
      return {
        tracker: sealed.tracker,
        chosen: sealed.choice,
        /** What the opened ballot holds, as the ballot's choices (one here). */
        opened: slots,
        valid: verdict.ok && verdict.tracker === sealed.tracker,
        remaining: answer.remaining,
      };
    },
  });
  return { seal, audit };
}

export type AuditOutcome = Awaited<ReturnType<ReturnType<typeof useBooth>['audit']['mutateAsync']>>;

/**
 * Casts the ballot; the answer holds the receipt (shown once). In a verifiable election only the
 * ballot sealed in this browser is sent (`ballot`); the receipt is then its tracker, which anyone
 * can find in the public record. The server answers the same ballot sent twice alike, so a
 * ballot whose answer was lost on the way is simply sent again.
 */
export function useCastVote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ choice, ballot }: { choice: string; ballot?: string | undefined }) =>
      json(
        api.voting[':id'].cast.$post({
          param: { id },
          json: ballot !== undefined ? { ballot } : { choice },
        }),
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['ballot', id] });
      void qc.invalidateQueries({ queryKey: ['self', 'elections'] });
    },
  });
}

/** Runs `work` on the page's prepared booth, or on a fresh one if it failed (or none was made). */
async function withBooth<T>(
  prepared: BoothWorker | undefined,
  work: (booth: BoothWorker) => Promise<T>,
): Promise<T> {
  const ready = prepared && !prepared.broken ? prepared : undefined;
  const booth = ready ?? new BoothWorker();
  try {
    return await work(booth);
  } finally {
    if (!ready) booth.close();
  }
}

/**
 * Whether a private credential (from the mailed link, or typed in) is this voter's for this
 * election: its public credential, computed in a worker of its own (the page's may still be
 * preparing its tables), must be the one on record.
 */
export function useCredentialCheck(verifiable: Ballot['verifiable']) {
  return useMutation({
    mutationFn: async (credential: string) => {
      if (!verifiable) return true;
      const mine = await withBooth(undefined, (booth) =>
        booth.publicCredential(verifiable.election, credential),
      );
      return mine === verifiable.publicCredential;
    },
  });
}
