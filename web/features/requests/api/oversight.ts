import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import { request } from '../../../lib/api-error.ts';

const key = ['oversight', 'elections'] as const;
const base = (id: string) => `/api/oversight/elections/${encodeURIComponent(id)}`;

/** Every election with its committee, invitation codes and turnout (master). */
export const getOverseenElections = () => json(api.oversight.elections.$get());
export type OverseenElection = Awaited<ReturnType<typeof getOverseenElections>>['items'][number];
export const useOverseenElections = () =>
  useQuery({ queryKey: key, queryFn: getOverseenElections, refetchInterval: 30_000 });

function useOversightMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}

export const useAddMember = (id: string) =>
  useOversightMutation((email: string) =>
    json(api.oversight.elections[':id'].committee.$post({ param: { id }, json: { email } })),
  );

export const useRemoveMember = (id: string) =>
  useOversightMutation(async (userId: string) => {
    await request(`${base(id)}/committee/${encodeURIComponent(userId)}`, { method: 'DELETE' });
  });

export const useIssueInvitation = (id: string) =>
  useOversightMutation((email: string) =>
    json(
      api.oversight.elections[':id'].invitations.$post({
        param: { id },
        json: { email },
      }),
    ),
  );

export const useRevokeInvitation = (id: string) =>
  useOversightMutation(async (code: string) => {
    await request(`${base(id)}/invitations/${encodeURIComponent(code)}/revoke`, {
      method: 'POST',
    });
  });

export const useArchiveElection = (id: string) =>
  useOversightMutation(() => json(api.oversight.elections[':id'].archive.$post({ param: { id } })));
