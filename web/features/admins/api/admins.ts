import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddAdminInput } from '../../../../shared/schemas/admins.ts';
import { api, json } from '../../../lib/api-client.ts';

const key = ['admins'] as const;

/** Every admin with email, role and state (master). */
export const getAdmins = () => json(api.admins.$get());
export type ManagedAdmin = Awaited<ReturnType<typeof getAdmins>>['items'][number];
export const useAdmins = () => useQuery({ queryKey: key, queryFn: getAdmins });

function useAdminMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The activity history gains an entry with every change.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: ['activity'] });
    },
  });
}

/** Adds an admin by email; a new person is mailed a link to set a password. */
export const useAddAdmin = () =>
  useAdminMutation((input: AddAdminInput) => json(api.admins.$post({ json: input })));

export const useChangeRole = () =>
  useAdminMutation((v: { userId: string; role: 'master' | 'admin' }) =>
    json(api.admins[':userId'].role.$put({ param: { userId: v.userId }, json: { role: v.role } })),
  );

export const useDeactivateAdmin = () =>
  useAdminMutation((userId: string) =>
    json(api.admins[':userId'].deactivate.$post({ param: { userId } })),
  );

export const useReactivateAdmin = () =>
  useAdminMutation((userId: string) =>
    json(api.admins[':userId'].reactivate.$post({ param: { userId } })),
  );

/** Takes an admin's authenticator, recovery codes and passkeys off (one who lost a device). */
export const useResetSecondFactor = () =>
  useAdminMutation((userId: string) =>
    json(api.admins[':userId']['reset-second-factor'].$post({ param: { userId } })),
  );
