import { useRef } from 'react';
import { useFocusOnMount } from '../../../components/use-focus-on-mount.ts';
import { Alert } from '../../../components/alert.tsx';
import { Link } from '../../../components/link.tsx';
import { TrackerCode } from '../../../components/tracker-code.tsx';
import { paths } from '../../../config/paths.ts';
import type { AuditOutcome } from '../api/booth.ts';

/**
 * What the check of a ballot found ("Periksa surat suara"): the ballot this browser encrypted
 * was opened here, with every proof checked; its content is compared with the choice the voter
 * marked. The ballot is now public among the audited ballots and can never be cast: the voter
 * makes a new one. The heading takes the focus, so a screen reader reads the outcome out.
 */
export function AuditResult({
  outcome,
  electionId,
  labelOf,
  onDone,
}: {
  outcome: AuditOutcome;
  electionId: string;
  labelOf: (choice: string) => string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const same = outcome.valid && outcome.opened.length === 1 && outcome.opened[0] === outcome.chosen;
  const mark = (ok: boolean) => (
    <span className={ok ? 'check-ok' : 'check-bad'} aria-hidden="true">
      {ok ? '✓' : '✗'}
    </span>
  );
  return (
    <section className="card audit-result" aria-labelledby="audit-title">
      <h2 id="audit-title" tabIndex={-1} ref={heading}>
        Hasil pemeriksaan surat suara
      </h2>
      <p className="receipt-label">Kode surat suara</p>
      <p className="receipt-code">
        <TrackerCode code={outcome.tracker} />
      </p>
      <dl className="audit-facts">
        <dt>Pilihan yang Anda tandai</dt>
        <dd>{labelOf(outcome.chosen)}</dd>
        <dt>Isi surat suara setelah dibuka</dt>
        <dd data-testid="isi-surat-suara">
          {outcome.opened.length ? outcome.opened.map(labelOf).join(', ') : 'Tidak dapat dibuka'}
        </dd>
      </dl>
      <ul className="audit-checks">
        <li>
          {mark(outcome.valid)} Bukti keabsahan dan tanda tangan surat suara{' '}
          {outcome.valid ? 'benar' : 'tidak benar'}
        </li>
        <li>
          {mark(same)} Isi surat suara {same ? 'sama dengan' : 'berbeda dari'} pilihan Anda
        </li>
        <li>
          {mark(true)} Diumumkan di daftar surat suara yang diperiksa, tanpa nama Anda, dan tidak
          dihitung
        </li>
      </ul>
      {same ? (
        <Alert kind="success">
          Pemeriksaan berhasil: perangkat ini mengenkripsi pilihan Anda dengan benar. Surat suara
          yang diperiksa tidak dapat dikirim; buat surat suara baru untuk memberikan suara.
        </Alert>
      ) : (
        <Alert kind="error">
          Surat suara ini tidak berisi pilihan Anda. Jangan memberikan suara dari perangkat ini:
          laporkan kepada panitia dengan kode surat suara di atas.
        </Alert>
      )}
      <p className="page-actions">
        <Link
          className="btn btn-outline"
          to={paths.kotakSuara(electionId, outcome.tracker)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Lihat di Kotak Suara Publik (tab baru)
        </Link>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Buat surat suara baru
        </button>
      </p>
      <p className="field-hint">
        {outcome.remaining > 0
          ? `Anda masih dapat memeriksa ${outcome.remaining} surat suara lagi.`
          : 'Batas pemeriksaan tercapai: surat suara berikutnya hanya dapat dikirim.'}
      </p>
    </section>
  );
}
