import { useEffect, useRef, useState, type FormEvent } from 'react';
import { recoveryCodeField, totpCodeField } from '../../../../shared/schemas/second-factor.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import type { Me } from '../api/get-me.ts';
import { useVerifyAuthenticatorCode, useVerifyRecoveryCode } from '../api/second-step.ts';

/** A recovery code as typed: spaces dropped, the dash put in when left out. */
export function normaliseRecoveryCode(typed: string) {
  const s = typed.replace(/\s+/g, '');
  return /^[A-Za-z0-9]{10}$/.test(s) ? `${s.slice(0, 5)}-${s.slice(5)}` : s;
}

/**
 * The second step of signing in to an account with an authenticator app: its six-digit code, or
 * one of the recovery codes shown at enrolment. A code that expired or too many wrong ones send
 * the person back to the password step.
 */
export function CodeStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (me: Me) => Promise<void> | void;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const totp = useVerifyAuthenticatorCode();
  const backup = useVerifyRecoveryCode();
  const busy = totp.isPending || backup.isPending;
  // The code field takes the focus as the step appears (and when the kind of code changes).
  const field = useRef<HTMLDivElement>(null);
  const focusField = () => field.current?.querySelector('input')?.focus();
  useEffect(() => {
    const timer = setTimeout(focusField, 0);
    return () => clearTimeout(timer);
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(undefined);
    setFormError(undefined);
    const value = recovery ? normaliseRecoveryCode(code) : code.replace(/\s+/g, '');
    const parsed = (recovery ? recoveryCodeField : totpCodeField).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const me = await (recovery ? backup : totp).mutateAsync(value);
      await onSignedIn(me);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setFormError('Terjadi kesalahan. Silakan coba lagi.');
        return;
      }
      if (
        err.code === 'INVALID_CODE' ||
        err.code === 'INVALID_BACKUP_CODE' ||
        err.code === 'INVALID_INPUT'
      )
        setFieldError(err.message);
      else setFormError(err.message);
    }
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setTimeout(focusField, 0);
    setCode('');
    setFieldError(undefined);
    setFormError(undefined);
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="langkah-kode">
      <h2 id="langkah-kode" className="code-step-title">
        Verifikasi Dua Langkah
      </h2>
      <p className="field-hint">
        {recovery
          ? 'Masukkan salah satu kode pemulihan yang Anda simpan saat mengaktifkan 2FA. Setiap kode hanya berlaku sekali.'
          : 'Buka aplikasi autentikator Anda lalu masukkan kode 6 angka untuk BEM Poltek Nuklir.'}
      </p>
      {formError ? (
        <Alert kind="error">
          {formError}{' '}
          <button type="button" className="link-button inline-link" onClick={onRestart}>
            Kembali ke langkah kata sandi
          </button>
        </Alert>
      ) : null}
      <div ref={field}>
        <TextField
          key={recovery ? 'pemulihan' : 'autentikator'}
          label={recovery ? 'Kode Pemulihan' : 'Kode Autentikator'}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={recovery ? 16 : 8}
          error={fieldError}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Memeriksa...' : 'Verifikasi'}
      </button>
      <div className="form-links">
        <button type="button" className="link-button inline-link" onClick={switchKind}>
          {recovery ? 'Pakai kode autentikator' : 'Pakai kode pemulihan'}
        </button>
        <button type="button" className="link-button inline-link" onClick={onRestart}>
          Batal
        </button>
      </div>
    </form>
  );
}
