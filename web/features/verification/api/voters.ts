import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import type { Prodi } from '../../../../shared/people.ts';

export type VoterFilter = {
  q: string;
  status: '' | 'pending' | 'verified' | 'rejected';
  prodi: Prodi | '';
  page: number;
};

/** Registered voters, filtered and paged (admin). */
export const useRegisteredVoters = (f: VoterFilter) =>
  useQuery({
    queryKey: ['voters', f],
    queryFn: () =>
      json(
        api.voters.$get({
          query: {
            q: f.q || undefined,
            status: f.status || undefined,
            prodi: f.prodi || undefined,
            page: String(f.page),
            pageSize: '25',
          },
        }),
      ),
    placeholderData: (prev) => prev,
  });

function useVotersMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['voters'] }),
  });
}

export const useVerifyVoter = () =>
  useVotersMutation((userId: string) =>
    json(api.voters[':userId'].verify.$post({ param: { userId } })),
  );
export const useRejectVoter = () =>
  useVotersMutation((v: { userId: string; alasan: string }) =>
    json(
      api.voters[':userId'].reject.$post({
        param: { userId: v.userId },
        json: { alasan: v.alasan },
      }),
    ),
  );
export const usePreviewStudentList = () =>
  useMutation({
    mutationFn: (csv: string) => json(api.voters['student-list'].preview.$post({ json: { csv } })),
  });
export const useApplyStudentList = () =>
  useVotersMutation((csv: string) => json(api.voters['student-list'].$post({ json: { csv } })));
