import { request } from '../../../lib/api-error.ts';
import { getMe } from './get-me.ts';
import { useSessionMutation } from './sign-in.ts';

/**
 * Opens a registration's confirmation link: the server marks the address confirmed and signs the
 * student in (a link already used confirms nothing more and signs nobody in). Returns who is
 * signed in afterwards.
 */
export async function confirmEmail(token: string) {
  await request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  return getMe();
}

export const useConfirmEmail = () => useSessionMutation(confirmEmail);
