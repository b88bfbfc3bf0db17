import { useParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Alert } from '../../components/alert.tsx';
import { PhaseBadge } from '../../components/phase-badge.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { usePublicCandidates } from '../../features/elections/api/elections.ts';
import { CandidateProfiles } from '../../features/elections/components/candidate-profiles.tsx';
import { formatWib } from '../../../shared/wib.ts';

/**
 * /pemilihan/{eventId}/kandidat: the candidates of an election, for anyone, from its lock on:
 * photos, names, the whole vision and mission, in ballot order, with the way to the ballot or
 * the results.
 */
export function Component() {
  const { eventId = '' } = useParams();
  const data = usePublicCandidates(eventId);
  useDocumentTitle(data.data ? `Kandidat ${data.data.election.title}` : 'Kandidat');
  return (
    <div className="container page">
      <nav aria-label="Remah roti" className="page-crumbs">
        <Link to={paths.pemilihan}>← Semua pemilihan</Link>
      </nav>
      {data.isPending ? <p role="status">Memuat...</p> : null}
      {data.isError ? (
        <>
          <h1>Kandidat</h1>
          <Alert kind="error">{data.error.message}</Alert>
        </>
      ) : null}
      {data.isSuccess ? (
        <>
          <h1>Kandidat {data.data.election.title}</h1>
          <p className="election-meta">
            <PhaseBadge phase={data.data.election.phase} /> {data.data.election.organizer} ·{' '}
            {formatWib(data.data.election.startsAt)} sampai {formatWib(data.data.election.endsAt)}
          </p>
          <NextStep election={data.data.election} />
          <h2>Daftar Kandidat</h2>
          <CandidateProfiles candidates={data.data.candidates} />
        </>
      ) : null}
    </div>
  );
}

function NextStep({
  election,
}: {
  election: { id: string; phase: string; startsAt: string; endsAt: string };
}) {
  if (election.phase === 'upcoming')
    return (
      <p className="page-actions">
        Pemungutan suara dibuka pada {formatWib(election.startsAt)}. Pemilih terverifikasi yang
        terdaftar pada pemilihan ini dapat memilih setelah masuk.
      </p>
    );
  if (election.phase === 'open')
    return (
      <p className="page-actions">
        <Link className="btn btn-accent" to={paths.voting(election.id)}>
          Pilih sekarang
        </Link>
        <Link className="btn btn-outline" to={paths.hasil(election.id)}>
          Lihat partisipasi
        </Link>
      </p>
    );
  return (
    <p className="page-actions">
      <Link className="btn btn-outline" to={paths.hasil(election.id)}>
        Lihat hasil
      </Link>
    </p>
  );
}
