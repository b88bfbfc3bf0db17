import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { formatWib } from '../../../lib/wib.ts';
import type { PublicElection } from '../api/elections.ts';
import { PhaseBadge } from '../../../components/phase-badge.tsx';

/** One election: schedule in WIB, its state, and the way in (vote, or see results). */
export function ElectionCard({
  election,
  votedAt,
}: {
  election: PublicElection;
  votedAt?: string | null;
}) {
  const { phase } = election;
  return (
    <article className="card election-card" aria-labelledby={`e-${election.id}`}>
      <div className="election-card-head">
        <h3 id={`e-${election.id}`}>{election.title}</h3>
        <PhaseBadge phase={phase} />
      </div>
      <p className="field-hint">{election.organizer}</p>
      <dl className="facts">
        <dt>Mulai</dt>
        <dd>{formatWib(election.startsAt)}</dd>
        <dt>Selesai</dt>
        <dd>{formatWib(election.endsAt)}</dd>
      </dl>
      {votedAt ? <p className="voted-note">Anda sudah memilih pada {formatWib(votedAt)}.</p> : null}
      <div className="election-card-actions">
        {phase === 'open' && !votedAt ? (
          <Link className="btn btn-accent" to={paths.voting(election.id)}>
            Pilih sekarang
          </Link>
        ) : null}
        {phase === 'upcoming' ? (
          <Link className="btn btn-outline" to={paths.voting(election.id)}>
            Lihat kandidat
          </Link>
        ) : null}
        {phase === 'closed' || phase === 'published' || phase === 'open' ? (
          <Link className="btn btn-outline" to={paths.hasil(election.id)}>
            {phase === 'open' ? 'Lihat partisipasi' : 'Lihat hasil'}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
