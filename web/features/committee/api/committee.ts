import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidateInput } from '../../../../shared/schemas/election-setup.ts';
import { api, json } from '../../../lib/api-client.ts';
import { request } from '../../../lib/api-error.ts';

const overviewKey = (id: string) => ['committee', id, 'overview'] as const;
const rollKey = (id: string) => ['committee', id, 'roll'] as const;

/** Ringkasan: settings, candidates, committee, blockers and live turnout. */
export const getOverview = (id: string) =>
  json(api.elections[':id'].overview.$get({ param: { id } }));
export type Overview = Awaited<ReturnType<typeof getOverview>>;
export const useOverview = (id: string) =>
  useQuery({
    queryKey: overviewKey(id),
    queryFn: () => getOverview(id),
    // Turnout is live while the polls are open.
    refetchInterval: (q) => (q.state.data?.election.phase === 'open' ? 5_000 : 30_000),
  });

function useElectionMutation<A, R>(id: string, fn: (a: A) => Promise<R>, alsoRoll = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: overviewKey(id) });
      if (alsoRoll) void qc.invalidateQueries({ queryKey: rollKey(id) });
    },
  });
}

type SettingsBody = Parameters<(typeof api.elections)[':id']['settings']['$put']>[0]['json'];

export const useUpdateSettings = (id: string) =>
  useElectionMutation(id, (body: SettingsBody) =>
    json(api.elections[':id'].settings.$put({ param: { id }, json: body })),
  );

/** Kunci Pemilihan; with the recovery code the committee saved, lost credentials can be resent. */
export const useLockElection = (id: string) =>
  useElectionMutation(
    id,
    (kodePemulihan?: string) =>
      json(
        api.elections[':id'].lock.$post({
          param: { id },
          json: kodePemulihan ? { kodePemulihan } : {},
        }),
      ),
    true,
  );

/** Kirim Ulang Kredensial: the same credential to a voter who lost the mail, with the code. */
export const useResendCredential = (id: string) =>
  useElectionMutation(
    id,
    (v: { nim: string; kunciPemulihan: string; alasan: string }) =>
      json(
        api.elections[':id'].credentials[':nim'].resend.$post({
          param: { id, nim: v.nim },
          json: { kunciPemulihan: v.kunciPemulihan, alasan: v.alasan },
        }),
      ),
    true,
  );

/** Umumkan Hasil: the counts of a closed election become public. */
export const usePublishResults = (id: string) =>
  useElectionMutation(id, () => json(api.elections[':id'].publish.$post({ param: { id } })));

export const useExtendElection = (id: string) =>
  useElectionMutation(id, (body: { endsAt: string; alasan: string }) =>
    json(api.elections[':id'].extend.$post({ param: { id }, json: body })),
  );

export const useSaveCandidate = (id: string) =>
  useElectionMutation(id, (v: { candidateId?: string; body: CandidateInput }) =>
    v.candidateId
      ? json(
          api.elections[':id'].candidates[':candidateId'].$put({
            param: { id, candidateId: v.candidateId },
            json: v.body,
          }),
        )
      : json(api.elections[':id'].candidates.$post({ param: { id }, json: v.body })),
  );

export const useRemoveCandidate = (id: string) =>
  useElectionMutation(id, async (candidateId: string) => {
    await request(
      `/api/elections/${encodeURIComponent(id)}/candidates/${encodeURIComponent(candidateId)}`,
      { method: 'DELETE' },
    );
  });

export const useRollPreview = (id: string) =>
  useMutation({
    mutationFn: (csv: string) =>
      json(api.elections[':id'].roll.preview.$post({ param: { id }, json: { csv } })),
  });

export const useApplyRoll = (id: string) =>
  useElectionMutation(
    id,
    (csv: string) => json(api.elections[':id'].roll.$post({ param: { id }, json: { csv } })),
    true,
  );

/** The election's voter mails that have not arrived: given up, or failing and retried. */
export const useMailProblems = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...rollKey(id), 'mail-problems'],
    queryFn: () => json(api.elections[':id']['mail-problems'].$get({ param: { id } })),
    enabled,
    refetchInterval: 60_000,
  });

export const useRoll = (id: string, q: string, page: number) =>
  useQuery({
    queryKey: [...rollKey(id), q, page],
    queryFn: () =>
      json(
        api.elections[':id'].roll.$get({
          param: { id },
          query: { q: q || undefined, page: String(page), pageSize: '50' },
        }),
      ),
    placeholderData: (prev) => prev,
  });
