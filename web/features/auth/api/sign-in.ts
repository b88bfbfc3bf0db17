import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-error.ts';
import { getMe, meQueryKey, type Me } from './get-me.ts';

export type SignInInput = { email: string; password: string };

/** Signs in with email and password, then loads the person's records. */
export async function signIn(input: SignInInput) {
  await postJson('/api/auth/sign-in/email', {
    email: input.email,
    password: input.password,
    rememberMe: true,
  });
  return getMe();
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

export const useSignIn = () => useSessionMutation(signIn);
