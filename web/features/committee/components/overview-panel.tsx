import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { formatPercent } from '../../../lib/number-format.ts';
import { usePublishResults, type Overview } from '../api/committee.ts';
import { SetupChecklist } from './setup-checklist.tsx';
import { WitnessesSection } from './witnesses-section.tsx';

/** Where a closed verifiable election's decryption stands (from the trustees' feature). */
export type Decrypting = { threshold: number; decrypted: number } | null;

/** Hasil: where the results are, and "Umumkan Hasil" when they are released by hand. */
function ResultsSection({ overview, decrypting }: { overview: Overview; decrypting: Decrypting }) {
  const { election } = overview;
  const publish = usePublishResults(election.id);
  const [confirming, setConfirming] = useState(false);
  const cancelled = election.phase === 'archived' && election.lockedAt === null;
  const ended = !cancelled && ['closed', 'published', 'archived'].includes(election.phase);
  const waiting = election.phase === 'closed' && election.resultsRelease === 'manual';
  return (
    <section className="card" aria-labelledby="hasil-panitia">
      <h2 id="hasil-panitia">Hasil</h2>
      {cancelled ? (
        <p>Pemilihan ini diarsipkan sebelum dikunci; tidak ada pemungutan suara.</p>
      ) : !ended ? (
        <p>
          {election.resultsRelease === 'manual'
            ? 'Hasil tersegel sampai pemungutan suara ditutup, lalu diumumkan oleh panitia.'
            : 'Hasil tersegel sampai pemungutan suara ditutup, lalu terbuka untuk umum.'}
        </p>
      ) : decrypting ? (
        <p>
          Pemungutan suara sudah ditutup. Hasilnya terbuka setelah {decrypting.threshold} wali kunci
          membuka tally; sudah {decrypting.decrypted} (lihat tab Wali Kunci).
        </p>
      ) : waiting ? (
        <p>
          Pemungutan suara sudah ditutup. Sampai diumumkan, hasil hanya dapat dilihat admin dan
          panitia.
        </p>
      ) : election.phase === 'archived' ? (
        <p>Pemilihan sudah diarsipkan. Hasilnya tetap dapat dibuka.</p>
      ) : (
        <p>Hasil pemilihan terbuka untuk umum.</p>
      )}
      {ended ? (
        <p>
          <Link to={paths.hasil(election.id)}>Lihat Hasil Pemilihan</Link>
        </p>
      ) : null}
      <div aria-live="polite">
        {publish.isSuccess ? <Alert kind="success">Hasil pemilihan sudah diumumkan.</Alert> : null}
        {publish.error ? (
          <Alert kind="error">
            {publish.error instanceof ApiError ? publish.error.message : 'Gagal mengumumkan hasil.'}
          </Alert>
        ) : null}
      </div>
      {overview.abilities.publish ? (
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
          Umumkan Hasil
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Umumkan hasil pemilihan?"
        confirmLabel="Ya, Umumkan"
        busy={publish.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => publish.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p>
          Perolehan suara "{election.title}" akan terbuka untuk semua orang. Langkah ini tidak dapat
          dibatalkan.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * Ringkasan: status, schedule, live turnout, what blocks locking, the committee and the
 * witnesses. A witness (viewerRole 'saksi') reads it all with nothing to change.
 */
export function OverviewPanel({
  overview,
  decrypting = null,
}: {
  overview: Overview;
  canPrepare?: boolean;
  /** A closed verifiable election still waiting for its trustees' decryptions. */
  decrypting?: Decrypting;
}) {
  const { election, turnout, committee } = overview;
  return (
    <div className="dashboard-grid">
      {/* A draft's steps come first: they are what the committee has to do next. */}
      {overview.steps ? <SetupChecklist overview={overview} steps={overview.steps} /> : null}
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
          {turnout.voted} dari {turnout.rollSize} pemilih ({formatPercent(turnout.percent)})
        </p>
        <ul className="turnout-list">
          {turnout.perProdi.map((p) => (
            <li key={p.prodi}>
              <span>{p.prodi}</span>
              <span>
                {p.voted}/{p.rollSize} ({formatPercent(p.percent)})
              </span>
              <progress
                max={p.rollSize || 1}
                value={p.voted}
                aria-label={`Partisipasi ${p.prodi}`}
              />
            </li>
          ))}
        </ul>
        {['closed', 'published', 'archived'].includes(election.phase) ? null : (
          <p className="field-hint">
            Hanya jumlah yang sudah memilih; perolehan suara tersegel sampai pemungutan ditutup.
          </p>
        )}
      </section>
      <ResultsSection overview={overview} decrypting={decrypting} />
      <section className="card" aria-labelledby="panitia-list">
        <h2 id="panitia-list">Panitia</h2>
        {committee.length === 0 ? (
          <p>
            Belum ada akun panitia untuk pemilihan ini. Admin master BEM dapat menambahkannya di
            Kelola Pemilihan, bagian Semua Pemilihan.
          </p>
        ) : (
          <ul>
            {committee.map((m) => (
              <li key={m.userId}>{m.namaLengkap}</li>
            ))}
          </ul>
        )}
      </section>
      <WitnessesSection overview={overview} />
    </div>
  );
}
