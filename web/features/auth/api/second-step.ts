import { postJson, request } from '../../../lib/api-error.ts';
import { getMe } from './get-me.ts';
import { useSessionMutation } from './sign-in.ts';

/** The code step after the password: a code from the authenticator app. */
export async function verifyAuthenticatorCode(code: string) {
  await postJson('/api/auth/two-factor/verify-totp', { code });
  return getMe();
}

/** The code step with a recovery code instead (each works once). */
export async function verifyRecoveryCode(code: string) {
  await postJson('/api/auth/two-factor/verify-backup-code', { code });
  return getMe();
}

/**
 * Signs in with a passkey: the server's challenge, the browser's passkey prompt (or, with
 * `autofill`, the passkeys offered in the email field's suggestions), the server's check.
 */
export async function signInWithPasskey(autofill = false) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = (await (
    await request('/api/auth/passkey/generate-authenticate-options')
  ).json()) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const response = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  await postJson('/api/auth/passkey/verify-authentication', { response });
  return getMe();
}

export const useVerifyAuthenticatorCode = () => useSessionMutation(verifyAuthenticatorCode);
export const useVerifyRecoveryCode = () => useSessionMutation(verifyRecoveryCode);
export const usePasskeySignIn = () => useSessionMutation(signInWithPasskey);
