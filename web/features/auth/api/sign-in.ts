import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-error.ts';
import { getMe, meQueryKey } from './get-me.ts';

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

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meQueryKey, me);
    },
  });
}
