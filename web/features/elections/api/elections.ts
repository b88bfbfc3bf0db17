import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** Elections anyone may see (no drafts). */
export const getPublicElections = () => json(api.elections.$get());
export type PublicElection = Awaited<ReturnType<typeof getPublicElections>>['items'][number];
/**
 * Milliseconds until the next opening or closing among these elections (then the list changes:
 * "Akan datang" becomes "Pilih sekarang"), at most ten minutes; false when none is coming.
 */
function untilNextChange(items: PublicElection[] | undefined): number | false {
  const now = Date.now();
  const next = Math.min(
    ...(items ?? []).flatMap((e) =>
      e.phase === 'upcoming'
        ? [Date.parse(e.startsAt)]
        : e.phase === 'open'
          ? [Date.parse(e.endsAt)]
          : [],
    ),
  );
  if (!Number.isFinite(next)) return false;
  return Math.min(Math.max(next - now + 500, 1000), 10 * 60_000);
}

export const usePublicElections = () =>
  useQuery(
    queryOptions({
      queryKey: ['elections', 'public'],
      queryFn: getPublicElections,
      staleTime: 30_000,
      refetchInterval: (q) => untilNextChange(q.state.data?.items),
    }),
  );

/** An election past its draft and its candidates, for anyone (the public candidate page). */
export const getPublicCandidates = (id: string) =>
  json(api.elections[':id'].candidates.$get({ param: { id } }));
export type PublicCandidate = Awaited<ReturnType<typeof getPublicCandidates>>['candidates'][number];
export const usePublicCandidates = (id: string) =>
  useQuery({
    queryKey: ['elections', 'public', id, 'candidates'],
    queryFn: () => getPublicCandidates(id),
    staleTime: 30_000,
  });

/** The voter's own elections with their state. */
export const getMyElections = () => json(api.voters.me.elections.$get());
export const useMyElections = (enabled: boolean) =>
  useQuery({ queryKey: ['self', 'elections'], queryFn: getMyElections, enabled });

/** The ballot of an election and the voter's state in it. */
export const getBallot = (id: string) => json(api.voting[':id'].$get({ param: { id } }));
export type Ballot = Awaited<ReturnType<typeof getBallot>>;
/** Fresh for two seconds only: the page does not at once refetch the ballot it was rendered with. */
export const ballotQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['ballot', id], queryFn: () => getBallot(id), staleTime: 2_000 });
export const useBallot = (id: string) => useQuery(ballotQueryOptions(id));
