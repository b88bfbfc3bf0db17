import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import { request } from '../../../lib/api-error.ts';

const witnessesKey = (id: string) => ['committee', id, 'witnesses'] as const;
const overviewKey = (id: string) => ['committee', id, 'overview'] as const;

/** Per candidate pair: its witness or the invitation waiting, and what the caller may do. */
export const getWitnesses = (id: string) =>
  json(api.elections[':id'].witnesses.$get({ param: { id } }));
export type WitnessSlot = Awaited<ReturnType<typeof getWitnesses>>['items'][number];
/** Only the committee and the master read it (a witness reads the overview's list). */
export const useWitnesses = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: witnessesKey(id),
    queryFn: () => getWitnesses(id),
    enabled,
    // A witness joining shows without a reload.
    refetchInterval: 30_000,
  });

function useWitnessMutation<A, R>(id: string, fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: witnessesKey(id) });
      void qc.invalidateQueries({ queryKey: overviewKey(id) });
      // A witness removed no longer matches the key ceremony (its tab says so).
      void qc.invalidateQueries({ queryKey: ['trustees', id] });
    },
  });
}

/** Undang Saksi: a single-use code mailed to the address, for one candidate pair. */
export const useInviteWitness = (id: string) =>
  useWitnessMutation(id, (body: { candidateId: string; email: string }) =>
    json(api.elections[':id'].witnesses.invitations.$post({ param: { id }, json: body })),
  );

/** Cabut: the invitation's code stops working at once. */
export const useRevokeWitnessInvitation = (id: string) =>
  useWitnessMutation(id, async (code: string) => {
    await request(
      `/api/elections/${encodeURIComponent(id)}/witnesses/invitations/${encodeURIComponent(code)}/revoke`,
      { method: 'POST' },
    );
  });

/** Hapus saksi: the witness loses the overview; a ceremony they hold a place in must restart. */
export const useRemoveWitness = (id: string) =>
  useWitnessMutation(id, async (body: { candidateId: string; alasan: string }) => {
    await request(
      `/api/elections/${encodeURIComponent(id)}/witnesses/${encodeURIComponent(body.candidateId)}/remove`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ alasan: body.alasan }),
      },
    );
  });
