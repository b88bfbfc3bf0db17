import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** A page of the public ballot box: trackers, the count accepted, whether it still grows. */
export const getBallotBox = (id: string, cari: string, halaman: number) =>
  json(
    api.elections[':id'].record.ballots.$get({
      param: { id },
      query: { ...(cari ? { cari } : {}), halaman: String(halaman) },
    }),
  );
export type BallotBoxPage = Awaited<ReturnType<typeof getBallotBox>>;

export function useBallotBox(id: string, cari: string, halaman: number) {
  return useQuery({
    queryKey: ['ballot-box', id, cari, halaman],
    queryFn: () => getBallotBox(id, cari, halaman),
    placeholderData: keepPreviousData,
    // Live while voting: every accepted ballot appears within seconds.
    refetchInterval: (q) => (q.state.data?.open ? 10_000 : false),
  });
}
