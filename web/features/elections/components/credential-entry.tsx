import { useEffect, type FormEvent } from 'react';
import { dashed, isValidCredential } from '../../../../shared/crypto/credential-format.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import type { State } from './credential-gate.tsx';

const MALFORMED =
  'Kredensial tidak lengkap atau salah ketik: lima kelompok tiga huruf atau angka, dipisah tanda hubung.';

/**
 * Where a voter whose link brought no credential, or a wrong one, types it in from the mail
 * (credential-gate.tsx checks it). Kept apart from the booth: a right link never needs it.
 */
export function CredentialEntry({
  title,
  state,
  typed,
  onType,
  onCredential,
}: {
  title: string;
  state: Exclude<State, { kind: 'ok' | 'checking' }>;
  typed: string;
  onType: (typed: string) => void;
  /** A well-formed credential to check, or undefined for one that is not. */
  onCredential: (credential: string | undefined) => void;
}) {
  useEffect(() => {
    if (state.kind === 'not-yours' || (state.kind === 'malformed' && !state.fromLink))
      document.getElementById('kredensial')?.focus();
  }, [state]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Typed without the dashes, or with spaces: the same fifteen characters.
    const compact = typed.replace(/[\s-]/g, '');
    const credential = compact.length === 15 ? dashed(compact) : typed.trim();
    onCredential(isValidCredential(credential) ? credential : undefined);
  };
  const fieldError =
    state.kind === 'malformed' && !state.fromLink
      ? MALFORMED
      : state.kind === 'not-yours'
        ? 'Kredensial ini bukan milik Anda untuk pemilihan ini.'
        : undefined;
  return (
    <section className="card" aria-labelledby="kredensial-title">
      <h2 id="kredensial-title">Kredensial Anda</h2>
      {state.kind === 'none' ? (
        <Alert kind="info">
          Buka tautan surat suara dari email &ldquo;Kredensial pemilihan {title}
          &rdquo; yang dikirim saat pemilihan dikunci, atau ketik kredensial dari email itu di
          bawah.
        </Alert>
      ) : state.kind === 'malformed' && state.fromLink ? (
        <Alert kind="error">
          Tautan ini tidak memuat kredensial yang utuh. Buka kembali tautan dari email Anda, atau
          ketik kredensialnya di bawah.
        </Alert>
      ) : state.kind === 'not-yours' ? (
        <Alert kind="error">
          Kredensial ini bukan milik Anda untuk pemilihan ini: pastikan Anda masuk dengan akun Anda
          sendiri dan memakai tautan dari email Anda untuk pemilihan ini. Bila email itu hilang,
          hubungi panitia pemilihan.
        </Alert>
      ) : state.kind === 'failed' ? (
        <Alert kind="error">{state.message}</Alert>
      ) : null}
      <p className="field-hint">
        Kredensial menandatangani surat suara Anda di peramban ini dan tidak pernah dikirim ke
        server. Anda tetap masuk dengan akun pemilih Anda.
      </p>
      <form method="post" className="inline-form" noValidate onSubmit={submit}>
        <TextField
          id="kredensial"
          label="Kredensial"
          hint="Lima kelompok tiga huruf atau angka, dipisah tanda hubung."
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          error={fieldError}
          onChange={(e) => onType(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Pakai Kredensial
        </button>
      </form>
    </section>
  );
}
