import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-error.ts';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export const requestPasswordReset = (email: string) =>
  postJson('/api/auth/request-password-reset', { email, redirectTo: '/lupa-sandi' });

/** Sets a new password with the token from the mailed link. */
export const resetPassword = (input: { token: string; password: string }) =>
  postJson('/api/auth/reset-password', { token: input.token, newPassword: input.password });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
