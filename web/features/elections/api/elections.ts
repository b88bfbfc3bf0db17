import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { api, json } from '../../../lib/api-client.ts';
import { BoothError, BoothWorker, useBoothWorker } from '../booth/booth-worker.ts';

/** Elections anyone may see (no drafts). */
export const getPublicElections = () => json(api.elections.$get());
export type PublicElection = Awaited<ReturnType<typeof getPublicElections>>['items'][number];
export const usePublicElections = () =>
  useQuery(
    queryOptions({
      queryKey: ['elections', 'public'],
      queryFn: getPublicElections,
      staleTime: 30_000,
    }),
  );

/** The voter's own elections with their state. */
export const getMyElections = () => json(api.voters.me.elections.$get());
export const useMyElections = (enabled: boolean) =>
  useQuery({ queryKey: ['self', 'elections'], queryFn: getMyElections, enabled });

/** The ballot of an election and the voter's state in it. */
export const getBallot = (id: string) => json(api.voting[':id'].$get({ param: { id } }));
export type Ballot = Awaited<ReturnType<typeof getBallot>>;
/** Fresh for two seconds only: the page does not refetch what app/prefetch.ts has just fetched. */
export const ballotQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['ballot', id], queryFn: () => getBallot(id), staleTime: 2_000 });
export const useBallot = (id: string) => useQuery(ballotQueryOptions(id));

/**
 * Casts the ballot; the answer holds the receipt (shown once). In a verifiable election the
 * choice is encrypted in this browser first and only the encrypted ballot is sent; the receipt is
 * then its tracker, which anyone can find in the public record.
 */
export function useCastVote(id: string, verifiable: Ballot['verifiable']) {
  const qc = useQueryClient();
  const prepared = useBoothWorker(verifiable?.election);
  // A ballot whose sending failed on the way: sent again as it is if the voter tries the same
  // choice again, so the server, which answers the same ballot twice alike, never counts two.
  const unsent = useRef<{ choice: string; ballot: string } | undefined>(undefined);
  return useMutation({
    mutationFn: async ({
      choice,
      credential,
    }: {
      choice: string;
      credential?: string | undefined;
    }) => {
      if (!verifiable)
        return json(api.voting[':id'].cast.$post({ param: { id }, json: { choice } }));
      if (!credential) throw new BoothError('Kredensial belum dimasukkan.');
      const plaintext = verifiable.slots.map((slot) => (slot === choice ? 1 : 0));
      if (!plaintext.includes(1)) throw new BoothError('Pilihan tidak ada pada surat suara.');
      const ballot =
        unsent.current?.choice === choice
          ? unsent.current.ballot
          : await withBooth(prepared.current, (booth) =>
              booth.build({ election: verifiable.election, credential, plaintexts: [plaintext] }),
            );
      unsent.current = { choice, ballot };
      try {
        const out = await json(api.voting[':id'].cast.$post({ param: { id }, json: { ballot } }));
        unsent.current = undefined;
        return out;
      } catch (err) {
        // Refused by the server (not lost on the way): that ballot is never sent again.
        if (!(err instanceof ApiError && err.code === 'NETWORK')) unsent.current = undefined;
        throw err;
      }
    },
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
