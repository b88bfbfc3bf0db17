import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfileInput } from '../../../../shared/schemas/account.ts';
import { api, json } from '../../../lib/api-client.ts';

/** The signed-in admin's own record. */
export const getOwnAdmin = () => json(api.admins.me.$get());

export const ownAdminKey = ['self', 'admin'] as const;
export const ownAdminQueryOptions = () =>
  queryOptions({ queryKey: ownAdminKey, queryFn: getOwnAdmin, staleTime: 0 });
export const useOwnAdmin = () => useQuery(ownAdminQueryOptions());

/** Saves the admin's own profile. */
export const updateOwnAdmin = (input: AdminProfileInput) =>
  json(api.admins.me.$put({ json: input }));

export function useUpdateOwnAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOwnAdmin,
    onSuccess: (saved) => {
      qc.setQueryData(ownAdminKey, saved);
      void qc.invalidateQueries({ queryKey: ['self', 'me'] });
    },
  });
}
