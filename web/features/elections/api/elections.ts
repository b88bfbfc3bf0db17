import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

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

/** Casts the ballot; the answer holds the receipt (shown once). */
export function useCastVote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (choice: string) =>
      json(api.voting[':id'].cast.$post({ param: { id }, json: { choice } })),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['ballot', id] });
      void qc.invalidateQueries({ queryKey: ['self', 'elections'] });
    },
  });
}
