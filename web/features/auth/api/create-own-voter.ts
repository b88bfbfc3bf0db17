import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoterDataInput } from '../../../../shared/schemas/account.ts';
import { api, json } from '../../../lib/api-client.ts';
import { selfKey } from './get-me.ts';

/** Gives a signed-in account without a voter record its student data (awaiting verification). */
export const createOwnVoter = (input: VoterDataInput) => json(api.voters.me.$post({ json: input }));

export function useCreateOwnVoter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOwnVoter,
    onSuccess: () => qc.invalidateQueries({ queryKey: selfKey }),
  });
}
