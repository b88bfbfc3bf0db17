import type { Overview } from '../api/committee.ts';
import { formatPercent, formatWib } from '../../../lib/wib.ts';

const percent = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 0);

/** Ringkasan: status, schedule, live turnout, what blocks locking, the committee. */
export function OverviewPanel({ overview }: { overview: Overview; canPrepare?: boolean }) {
  const { election, turnout, blockers, committee } = overview;
  return (
    <div className="dashboard-grid">
      <section className="card" aria-labelledby="jadwal">
        <h2 id="jadwal">Jadwal</h2>
        <dl className="facts">
          <dt>Mulai</dt>
          <dd>{formatWib(election.startsAt)}</dd>
          <dt>Selesai</dt>
          <dd>{formatWib(election.endsAt)}</dd>
          <dt>Kandidat</dt>
          <dd>{overview.candidates.length}</dd>
          <dt>Pemilih</dt>
          <dd>
            {election.status === 'draft'
              ? `${overview.prospectiveRollSize} (belum dikunci)`
              : election.rollSize}
          </dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="partisipasi">
        <h2 id="partisipasi">Partisipasi</h2>
        <p className="turnout-big" aria-live="polite">
          {turnout.voted} dari {turnout.eligible} pemilih (
          {formatPercent(percent(turnout.voted, turnout.eligible))})
        </p>
        <ul className="turnout-list">
          {turnout.perProdi.map((p) => (
            <li key={p.prodi}>
              <span>{p.prodi}</span>
              <span>
                {p.voted}/{p.eligible}
              </span>
              <progress
                max={p.eligible || 1}
                value={p.voted}
                aria-label={`Partisipasi ${p.prodi}`}
              />
            </li>
          ))}
        </ul>
        <p className="field-hint">
          Hanya jumlah yang sudah memilih; perolehan suara tersegel sampai pemungutan ditutup.
        </p>
      </section>
      {election.status === 'draft' ? (
        <section className="card" aria-labelledby="siap">
          <h2 id="siap">Kesiapan</h2>
          {blockers.length ? (
            <ul className="blockers">
              {blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          ) : (
            <p className="voted-note">Siap dikunci. Kunci pemilihan di tab Pengaturan.</p>
          )}
        </section>
      ) : null}
      <section className="card" aria-labelledby="panitia-list">
        <h2 id="panitia-list">Panitia</h2>
        <ul>
          {committee.map((m) => (
            <li key={m.userId}>{m.namaLengkap}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
