import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterVoterInput } from '../../../../shared/schemas/account.ts';
import { api, json } from '../../../lib/api-client.ts';
import { meQueryKey } from './get-me.ts';

/** Creates the voter account; the server signs the new voter in. */
export const registerVoter = (input: RegisterVoterInput) =>
  json(api.voters.register.$post({ json: input as never }));

export function useRegisterVoter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registerVoter,
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meQueryKey, me);
    },
  });
}
