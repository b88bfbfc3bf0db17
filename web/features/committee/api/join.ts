import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterCommitteeInput } from '../../../../shared/schemas/elections.ts';
import { api, json } from '../../../lib/api-client.ts';

/** Creates a committee account with an invitation code; the server signs it in. */
export function useRegisterCommittee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterCommitteeInput) =>
      json(api.committee.register.$post({ json: input })),
    onSuccess: (out) => {
      qc.clear();
      qc.setQueryData(['self', 'me'], out.me);
    },
  });
}

/** The signed-in person joins a committee with a code. */
export function useJoinCommittee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (kodeUndangan: string) =>
      json(api.committee.join.$post({ json: { kodeUndangan } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['self'] }),
  });
}
