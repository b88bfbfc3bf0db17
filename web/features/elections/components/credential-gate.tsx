import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { dashed, isValidCredential } from '../../../../shared/crypto/credential-format.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { useCredentialCheck, type Ballot } from '../api/elections.ts';

const slot = (electionId: string) => `bem-kredensial:${electionId}`;

function stored(electionId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(slot(electionId)) ?? undefined;
  } catch {
    return undefined;
  }
}

function store(electionId: string, credential: string | undefined) {
  try {
    if (credential) window.sessionStorage.setItem(slot(electionId), credential);
    else window.sessionStorage.removeItem(slot(electionId));
  } catch {
    // A browser that keeps nothing: the voter types it again after a reload.
  }
}

/**
 * Takes the private credential from the mailed link's fragment (`#kredensial=…`, which the
 * browser never sends to the server), keeps it for this tab only, and takes it out of the
 * address bar and the history. Called before the sign-in guard, so a voter who must sign in
 * first still has it when they come back.
 */
export function takeCredentialFromLink(electionId: string) {
  const found = /(?:^#|&)kredensial=([^&]*)/.exec(window.location.hash);
  if (!found) return;
  store(electionId, decodeURIComponent(found[1]!).trim());
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
}

type State =
  | { kind: 'none' }
  | { kind: 'checking'; credential: string }
  | { kind: 'ok'; credential: string }
  | { kind: 'malformed'; fromLink: boolean }
  | { kind: 'not-yours' }
  | { kind: 'failed'; message: string };

const MALFORMED =
  'Kredensial tidak lengkap atau salah ketik: lima kelompok tiga huruf atau angka, dipisah tanda hubung.';

/**
 * A verifiable election's booth opens only with the voter's own credential: from the mailed
 * link, or typed in from the mail. Its public part, computed in a Web Worker, must be the one on
 * record for this voter in this election — another voter's link, or another election's, is
 * refused here with what to do, before any ballot is made. The account stays the first factor.
 */
export function CredentialGate({
  ballot,
  children,
}: {
  ballot: Ballot;
  children: (credential: string | undefined) => ReactNode;
}) {
  const electionId = ballot.election.id;
  const check = useCredentialCheck(ballot.verifiable);
  const [state, setState] = useState<State>(() => {
    const credential = stored(electionId);
    if (!credential) return { kind: 'none' };
    return isValidCredential(credential)
      ? { kind: 'checking', credential }
      : { kind: 'malformed', fromLink: true };
  });
  const [typed, setTyped] = useState('');
  const { mutate } = check;
  const checking = state.kind === 'checking' ? state.credential : undefined;

  useEffect(() => {
    if (!checking) return;
    mutate(checking, {
      onSuccess: (mine) => {
        store(electionId, mine ? checking : undefined);
        setState(mine ? { kind: 'ok', credential: checking } : { kind: 'not-yours' });
      },
      onError: (err) =>
        setState({
          kind: 'failed',
          message: err.message || 'Kredensial tidak dapat diperiksa di peramban ini.',
        }),
    });
  }, [checking, electionId, mutate]);

  useEffect(() => {
    if (state.kind === 'not-yours' || (state.kind === 'malformed' && !state.fromLink))
      document.getElementById('kredensial')?.focus();
  }, [state]);

  if (!ballot.verifiable) return <>{children(undefined)}</>;
  if (state.kind === 'ok') return <>{children(state.credential)}</>;
  if (state.kind === 'checking') return <p role="status">Memeriksa kredensial Anda...</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Typed without the dashes, or with spaces: the same fifteen characters.
    const compact = typed.replace(/[\s-]/g, '');
    const credential = compact.length === 15 ? dashed(compact) : typed.trim();
    if (!isValidCredential(credential)) return setState({ kind: 'malformed', fromLink: false });
    store(electionId, credential);
    setState({ kind: 'checking', credential });
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
          Buka tautan surat suara dari email &ldquo;Kredensial pemilihan {ballot.election.title}
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
      <form className="inline-form" noValidate onSubmit={submit}>
        <TextField
          id="kredensial"
          label="Kredensial"
          hint="Lima kelompok tiga huruf atau angka, dipisah tanda hubung."
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          error={fieldError}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Pakai Kredensial
        </button>
      </form>
    </section>
  );
}
