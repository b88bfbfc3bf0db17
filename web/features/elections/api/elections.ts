import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  return useMutation({
    mutationFn: async (choice: string) => {
      if (!verifiable)
        return json(api.voting[':id'].cast.$post({ param: { id }, json: { choice } }));
      const plaintext = verifiable.slots.map((slot) => (slot === choice ? 1 : 0));
      if (!plaintext.includes(1)) throw new BoothError('Pilihan tidak ada pada surat suara.');
      // The page's prepared booth; a fresh one if it failed (or none was made).
      const ready = prepared.current && !prepared.current.broken ? prepared.current : undefined;
      const booth = ready ?? new BoothWorker();
      let ballot: string;
      try {
        ballot = await booth.build({
          election: verifiable.election,
          credential: verifiable.credential,
          plaintexts: [plaintext],
        });
      } finally {
        if (!ready) booth.close();
      }
      return json(api.voting[':id'].cast.$post({ param: { id }, json: { ballot } }));
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['ballot', id] });
      void qc.invalidateQueries({ queryKey: ['self', 'elections'] });
    },
  });
}
