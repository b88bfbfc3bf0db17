import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-error.ts';

/** Changes the signed-in person's password; their other sessions end (this one stays). */
export const changePassword = (input: { currentPassword: string; password: string }) =>
  postJson('/api/auth/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.password,
    revokeOtherSessions: true,
  });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
