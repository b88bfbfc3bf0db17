import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

type SubmitInput = Parameters<(typeof api)['election-requests']['$post']>[0]['json'];

/** Submits a request for an election (anyone). */
export const useSubmitRequest = () =>
  useMutation({
    mutationFn: (input: SubmitInput) => json(api['election-requests'].$post({ json: input })),
  });

/** Every request, newest first (master). */
export const getRequests = () => json(api['election-requests'].$get({ query: {} }));
export type ElectionRequest = Awaited<ReturnType<typeof getRequests>>['items'][number];
export const useRequests = () =>
  useQuery({ queryKey: ['election-requests'], queryFn: getRequests });

/** Approves a request; the answer carries the Kode Undangan. */
export function useApproveRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      json(api['election-requests'][':id'].approve.$post({ param: { id } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['election-requests'] }),
  });
}

/** Rejects a request with a reason. */
export function useRejectRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; alasan: string }) =>
      json(
        api['election-requests'][':id'].reject.$post({
          param: { id: v.id },
          json: { alasan: v.alasan },
        }),
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['election-requests'] }),
  });
}
