import { useMutation } from '@tanstack/react-query';
import type { RegisterVoterInput } from '../../../../shared/schemas/account.ts';
import { api, json } from '../../../lib/api-client.ts';

/**
 * Sends a voter registration. The server answers alike whatever it finds and mails the outcome:
 * nobody is signed in until the mailed confirmation link is opened.
 */
export const registerVoter = (input: RegisterVoterInput) =>
  json(api.voters.register.$post({ json: input }));

export function useRegisterVoter() {
  return useMutation({ mutationFn: registerVoter });
}
