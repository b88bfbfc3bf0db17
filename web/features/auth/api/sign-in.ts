import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-error.ts';
import { getMe, meQueryKey, type Me } from './get-me.ts';

export type SignInInput = { email: string; password: string };

/**
 * What the password step leads to: the person's records, or (an account with an authenticator
 * app) the code step, with no session yet.
 */
export type SignInResult = { me: Me } | { codeStep: true };

/** Signs in with email and password, then loads the person's records. */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  const answer = await postJson<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    email: input.email,
    password: input.password,
    rememberMe: true,
  });
  if (answer.twoFactorRedirect) return { codeStep: true };
  return { me: await getMe() };
}

/**
 * A mutation that signs someone in and returns their records (sign-in, a confirmation link): what
 * was cached for the previous person is dropped and the new person's records take its place.
 */
export function useSessionMutation<T>(mutationFn: (input: T) => Promise<Me>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meQueryKey, me);
    },
  });
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if (!('me' in result)) return;
      qc.clear();
      qc.setQueryData(meQueryKey, result.me);
    },
  });
}
