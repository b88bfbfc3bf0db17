import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoterProfileInput } from '../../../../shared/schemas/account.ts';
import { api, json } from '../../../lib/api-client.ts';

/** The signed-in voter's own record. */
export const getOwnVoter = () => json(api.voters.me.$get());
export type OwnVoter = Awaited<ReturnType<typeof getOwnVoter>>;

export const ownVoterKey = ['self', 'voter'] as const;
export const ownVoterQueryOptions = () =>
  queryOptions({ queryKey: ownVoterKey, queryFn: getOwnVoter, staleTime: 0 });
export const useOwnVoter = () => useQuery(ownVoterQueryOptions());

/** Saves the voter's own profile (namaLengkap, nim, prodi, foto); the server keeps the rest. */
export const updateOwnVoter = (input: VoterProfileInput) =>
  json(api.voters.me.$put({ json: input }));

export function useUpdateOwnVoter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOwnVoter,
    onSuccess: (saved) => {
      qc.setQueryData(ownVoterKey, saved);
      void qc.invalidateQueries({ queryKey: ['self', 'me'] });
    },
  });
}
