import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Alert } from '../../components/alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useBallot } from '../../features/elections/api/elections.ts';
import { BallotForm } from '../../features/elections/components/ballot-form.tsx';
import type { CastReceipt } from '../../features/elections/components/receipt-card.tsx';
import { Receipt } from '../../features/elections/components/after-vote.tsx';
import { PhaseBadge } from '../../components/phase-badge.tsx';
import { CandidateProfiles } from '../../features/elections/components/candidate-profiles.tsx';
import { formatWib } from '../../../shared/wib.ts';
import { RequireRole } from '../guards.tsx';
import { CredentialGate } from '../../features/elections/components/credential-gate.tsx';
import { takeCredentialFromLink } from '../../features/elections/credential-link.ts';

/** Refetches the ballot when the polls open (and close), so a waiting voter's page opens by itself. */
function useReloadAt(moments: (string | undefined)[], refetch: () => unknown) {
  const key = moments.join('|');
  useEffect(() => {
    const timers = key
      .split('|')
      .filter(Boolean)
      .map((iso) => new Date(iso).getTime() - Date.now() + 300)
      .filter((ms) => ms > 0 && ms < 2 ** 31 - 1)
      .map((ms) => setTimeout(() => void refetch(), ms));
    return () => timers.forEach(clearTimeout);
  }, [key, refetch]);
}

function Voting({ id }: { id: string }) {
  const ballot = useBallot(id);
  const [receipt, setReceipt] = useState<CastReceipt>();
  useReloadAt([ballot.data?.election.startsAt, ballot.data?.election.endsAt], ballot.refetch);
  if (ballot.isPending) return <p role="status">Memuat...</p>;
  if (ballot.isError)
    return (
      <>
        <h1>Pemungutan Suara</h1>
        <Alert kind="error">{ballot.error.message}</Alert>
      </>
    );
  const { election, me } = ballot.data;
  if (receipt) {
    return (
      <>
        <h1>{election.title}</h1>
        <Receipt receipt={receipt} election={{ id: election.id, title: election.title }} />
      </>
    );
  }
  return (
    <>
      <h1>{election.title}</h1>
      <p className="election-meta">
        <PhaseBadge phase={election.phase} /> {election.organizer} · {formatWib(election.startsAt)}{' '}
        sampai {formatWib(election.endsAt)}
      </p>
      {me.canVote ? (
        <p>
          <Link to={paths.kandidat(election.id)}>Profil lengkap kandidat</Link>
        </p>
      ) : null}
      {me.canVote ? (
        <CredentialGate ballot={ballot.data}>
          {(credential) => (
            <BallotForm ballot={ballot.data} credential={credential} onCast={setReceipt} />
          )}
        </CredentialGate>
      ) : (
        <>
          <Alert kind={me.votedAt ? 'success' : election.phase === 'upcoming' ? 'info' : 'error'}>
            {/* The server's reason says when an upcoming election opens. */}
            {me.votedAt ? `Anda sudah memberikan suara pada ${formatWib(me.votedAt)}.` : me.reason}
          </Alert>
          {me.votedAt && ballot.data.verifiable ? (
            <p>
              Kode Bukti suara Anda sudah dikirim ke email Anda. Cari di{' '}
              <Link to={paths.kotakSuara(election.id)}>Kotak Suara Publik</Link> untuk memastikan
              suara Anda ada di kotak suara.
            </p>
          ) : null}
          <p>
            <Link to={paths.hasil(election.id)}>Lihat partisipasi dan hasil</Link>
          </p>
          <section aria-labelledby="cands">
            <h2 id="cands">Kandidat</h2>
            <CandidateProfiles candidates={ballot.data.candidates} />
          </section>
        </>
      )}
    </>
  );
}

/** /voting/{eventId}: the ballot for a signed-in voter. */
export function Component() {
  useDocumentTitle('Pemungutan Suara');
  const { eventId = '' } = useParams();
  // The mailed link's credential is taken before anything else (a sign-in may come first), and
  // again if another link is opened in this page (only the part after # changes then).
  useState(() => takeCredentialFromLink(eventId));
  const [linkOpened, setLinkOpened] = useState(0);
  useEffect(() => {
    const retake = () => {
      takeCredentialFromLink(eventId);
      setLinkOpened((n) => n + 1);
    };
    window.addEventListener('hashchange', retake);
    return () => window.removeEventListener('hashchange', retake);
  }, [eventId]);
  return (
    <RequireRole need="signedIn" signInPath={paths.loginPemilih}>
      <div className="container page voting-page">
        <Voting key={linkOpened} id={eventId} />
      </div>
    </RequireRole>
  );
}
