import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { formatWib } from '../../../../shared/wib.ts';
import type { PublicElection } from '../api/elections.ts';
import { PhaseBadge } from '../../../components/phase-badge.tsx';

/** Where the signed-in voter stands in the election, as the server decided it. */
export type MyStanding = { canVote: boolean; reason: string | null; votedAt: string | null };

/**
 * One election: schedule in WIB, its state, and the way in (vote, or see results). On the voter's
 * own dashboard `me` says whether they may vote (the server's eligibility rule); on public lists
 * the way into an open election is offered to everyone and the booth says who may use it.
 */
export function ElectionCard({ election, me }: { election: PublicElection; me?: MyStanding }) {
  const { phase } = election;
  const votedAt = me?.votedAt ?? null;
  const mayVote = me ? me.canVote : phase === 'open';
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
      {me && !votedAt && !me.canVote && phase === 'open' && me.reason ? (
        <p className="field-hint">{me.reason}</p>
      ) : null}
      <div className="election-card-actions">
        {mayVote ? (
          <Link className="btn btn-accent" to={paths.voting(election.id)}>
            Pilih sekarang
          </Link>
        ) : null}
        <Link className="btn btn-outline" to={paths.kandidat(election.id)}>
          Lihat kandidat
        </Link>
        {phase === 'closed' || phase === 'published' || phase === 'open' ? (
          <Link className="btn btn-outline" to={paths.hasil(election.id)}>
            {phase === 'open' ? 'Lihat partisipasi' : 'Lihat hasil'}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
