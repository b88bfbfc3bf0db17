import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-error.ts';
import { meQueryKey } from './get-me.ts';

/** Ends the session on the server. */
export async function signOut() {
  await request('/api/auth/sign-out', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
}

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      qc.clear();
      void qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
