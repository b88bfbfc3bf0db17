import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson, request } from '../../../lib/api-error.ts';

/** A passkey of the signed-in person, as better-auth lists it. */
export type Passkey = {
  id: string;
  name?: string | null;
  createdAt?: string | null;
  deviceType: string;
  backedUp: boolean;
};

// Under ['self']: dropped with everything of the person at sign-in and sign-out.
const passkeysKey = ['self', 'passkeys'] as const;
const meQueryKey = ['self', 'me'] as const;

export const listPasskeys = async () =>
  (await (await request('/api/auth/passkey/list-user-passkeys')).json()) as Passkey[];

export const usePasskeys = (enabled = true) =>
  useQuery({ queryKey: passkeysKey, queryFn: listPasskeys, enabled });

/** Any change to the person's factors: their list, and /api/me (its counts and any hold). */
function useSecurityMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: passkeysKey }),
        qc.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}

/** Creates a passkey on this device (the browser's own prompt) and registers it by `name`. */
export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = (await (
    await request('/api/auth/passkey/generate-register-options')
  ).json()) as Parameters<typeof startRegistration>[0]['optionsJSON'];
  const response = await startRegistration({ optionsJSON: options });
  return postJson<Passkey>('/api/auth/passkey/verify-registration', { response, name });
}

export const useAddPasskey = () => useSecurityMutation(addPasskey);
export const useRenamePasskey = () =>
  useSecurityMutation((v: { id: string; name: string }) =>
    postJson('/api/auth/passkey/update-passkey', v),
  );
export const useRemovePasskey = () =>
  useSecurityMutation((id: string) => postJson('/api/auth/passkey/delete-passkey', { id }));

/** Starts turning on the authenticator app: its secret (as an otpauth URI) and recovery codes. */
export const useStartAuthenticator = () =>
  useMutation({
    mutationFn: (password: string) =>
      postJson<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
        password,
      }),
  });

/** The first code from the app: the authenticator is on from now. */
export const useConfirmAuthenticator = () =>
  useSecurityMutation((code: string) => postJson('/api/auth/two-factor/verify-totp', { code }));

export const useDisableAuthenticator = () =>
  useSecurityMutation((password: string) => postJson('/api/auth/two-factor/disable', { password }));

export const useNewRecoveryCodes = () =>
  useSecurityMutation((password: string) =>
    postJson<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
      password,
    }),
  );
