import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { isValidCredential } from '../../../../shared/crypto/credential-format.ts';
import { Alert } from '../../../components/alert.tsx';
import { useHydrated } from '../../../components/client-only.tsx';
import { later } from '../../../lib/later.ts';
import { useCredentialCheck } from '../api/booth.ts';
import type { Ballot } from '../api/elections.ts';
import type { CredentialEntry } from './credential-entry.tsx';
import { store, stored } from '../credential-link.ts';

// The form to type a credential in: needed only when the link did not bring a right one.
const credentialEntry = later(() => import('./credential-entry.tsx'));

/** Where the booth starts: the credential this tab holds, if any. */
function fromStorage(electionId: string): State {
  const credential = stored(electionId);
  if (!credential) return { kind: 'none' };
  return isValidCredential(credential)
    ? { kind: 'checking', credential }
    : { kind: 'malformed', fromLink: true };
}

export type State =
  | { kind: 'reading' }
  | { kind: 'none' }
  | { kind: 'checking'; credential: string }
  | { kind: 'ok'; credential: string }
  | { kind: 'malformed'; fromLink: boolean }
  | { kind: 'not-yours' }
  | { kind: 'failed'; message: string };

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
  // The server's render (and the browser's first, which takes it over) cannot read this tab's
  // storage: it shows the check starting, and the stored credential is read right after.
  const hydrated = useHydrated();
  const [own, setState] = useState<State>(() =>
    hydrated ? fromStorage(electionId) : { kind: 'reading' },
  );
  const state = own.kind === 'reading' && hydrated ? fromStorage(electionId) : own;
  // What the voter typed stays while it is checked, and after a refusal, to be corrected.
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

  if (!ballot.verifiable) return <>{children(undefined)}</>;
  if (state.kind === 'ok') return <>{children(state.credential)}</>;
  if (state.kind === 'checking' || state.kind === 'reading') {
    return <p role="status">Memeriksa kredensial Anda...</p>;
  }

  return (
    <Entry
      title={ballot.election.title}
      state={state}
      typed={typed}
      onType={setTyped}
      onCredential={(credential) => {
        if (!credential) return setState({ kind: 'malformed', fromLink: false });
        // Kept for this tab, so a reload during the check does not lose it.
        store(electionId, credential);
        setState({ kind: 'checking', credential });
      }}
    />
  );
}

/** The entry form once its code is here; if it cannot be loaded, what went wrong and what to do. */
function Entry(props: ComponentProps<typeof CredentialEntry>) {
  const { module, failed } = credentialEntry.useModule();
  if (module) return <module.CredentialEntry {...props} />;
  if (!failed) return <p role="status">Memuat...</p>;
  const { state } = props;
  return (
    <Alert kind="error">
      {state.kind === 'not-yours'
        ? 'Kredensial ini bukan milik Anda untuk pemilihan ini. '
        : state.kind === 'failed'
          ? `${state.message} `
          : ''}
      Formulir kredensial tidak dapat dimuat karena koneksi terputus: muat ulang halaman ini, atau
      buka kembali tautan surat suara dari email Anda.
    </Alert>
  );
}
