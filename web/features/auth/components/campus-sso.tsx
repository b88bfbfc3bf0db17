import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { ssoErrorMessage } from '../../../../shared/sso.ts';
import { startCampusSso, useSignInOptions } from '../api/sign-in-options.ts';
import { nextPath } from '../next-path.ts';

/**
 * The campus SSO button (only when the server has a provider configured), under the page's own
 * form. `back` is the page a failed SSO sign-in returns to.
 */
export function CampusSsoButton({ back }: { back: string }) {
  const options = useSignInOptions();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const sso = options.data?.sso;
  if (!sso) return null;

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      window.location.assign(await startCampusSso(nextPath(params.get('lanjut')) ?? '/', back));
    } catch (err) {
      setBusy(false);
      setError(
        err instanceof ApiError ? err.message : 'SSO kampus tidak dapat dihubungi. Coba lagi.',
      );
    }
  };

  return (
    <div className="sso-option">
      <p className="sso-divider" aria-hidden="true">
        <span>atau</span>
      </p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <button
        type="button"
        className="btn btn-outline btn-block"
        onClick={() => void start()}
        disabled={busy}
      >
        {busy ? 'Mengalihkan ke SSO kampus...' : sso.label}
      </button>
    </div>
  );
}

/** Why an SSO sign-in came back to this page (`?error=`), in words. */
export function SsoError() {
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  return <Alert kind="error">{ssoErrorMessage(code)}</Alert>;
}
