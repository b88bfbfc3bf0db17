import { useEffect, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { useHydrated } from '../../../components/client-only.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import type { Me } from '../api/get-me.ts';
import { browserHasPasskeys, isPasskeyCancel } from '../../../lib/passkey.ts';
import { usePasskeySignIn } from '../api/second-step.ts';

/** True in a browser that can use passkeys (never while the server renders). */
function usePasskeySupport() {
  const hydrated = useHydrated();
  return hydrated && browserHasPasskeys();
}

/**
 * "Masuk dengan Passkey" under a sign-in form, and the browser's passkey suggestions in the
 * form's email field (conditional UI) where the browser offers them. Shown only in a browser
 * that has passkeys at all.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (me: Me) => Promise<void> | void }) {
  const supported = usePasskeySupport();
  const passkey = usePasskeySignIn();
  // Its own mutation: it waits in the background and must not hold the button's pending state.
  const { mutateAsync: autofillSignIn } = usePasskeySignIn();
  const [error, setError] = useState<string>();

  // Conditional UI: a passkey chosen from the email field's suggestions signs in at once. The
  // request waits in the background; a button press replaces it (the library aborts it).
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await import('@simplewebauthn/browser');
      if (!live || !(await browserSupportsWebAuthnAutofill())) return;
      try {
        // Through the session mutation, as the button: the new person's records replace the
        // cache before landing (else the landing page still sees nobody signed in).
        const me = await autofillSignIn(true);
        if (live) await onSignedIn(me);
      } catch {
        // Cancelled, replaced by the button, or refused: the button says why when pressed.
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per screen
  }, [supported]);

  if (!supported) return null;
  const onClick = async () => {
    setError(undefined);
    try {
      await onSignedIn(await passkey.mutateAsync(false));
    } catch (err) {
      if (isPasskeyCancel(err)) setError('Masuk dengan passkey dibatalkan.');
      else
        setError(
          err instanceof ApiError ? err.message : 'Masuk dengan passkey gagal. Silakan coba lagi.',
        );
    }
  };
  return (
    <div className="passkey-sign-in">
      <p className="or-divider" aria-hidden="true">
        <span>atau</span>
      </p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <button
        type="button"
        className="btn btn-outline btn-block"
        onClick={() => void onClick()}
        disabled={passkey.isPending}
      >
        {passkey.isPending ? 'Menunggu passkey...' : 'Masuk dengan Passkey'}
      </button>
    </div>
  );
}
