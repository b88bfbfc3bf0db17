import { later } from '../../../lib/later.ts';
import { Alert } from '../../../components/alert.tsx';
import { TrackerCode } from '../../../components/tracker-code.tsx';
import type { AuditOutcome } from '../api/elections.ts';
import type { CastReceipt } from './receipt-card.tsx';

// What the booth shows after a cast or a check: loaded when the dialog opens, not with the ballot.
const receiptCard = later(() => import('./receipt-card.tsx'));
const auditResult = later(() => import('./audit-result.tsx'));

/** Starts loading what the booth shows next; called as the confirmation dialog opens. */
export function preloadAfterVote(verifiable: boolean) {
  receiptCard.preload();
  if (verifiable) auditResult.preload();
}

/**
 * The receipt after a cast. Until its code has arrived (or if it cannot), the Kode Bukti is
 * shown plainly: a voter never loses it to a network hiccup.
 */
export function Receipt(props: { receipt: CastReceipt; election: { id: string; title: string } }) {
  const { module } = receiptCard.useModule();
  if (module) return <module.ReceiptCard {...props} />;
  return (
    <section className="card receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">Suara Anda sudah tercatat</h2>
      <p className="receipt-label">Kode Bukti</p>
      <p className="receipt-code" data-testid="kode-bukti">
        <TrackerCode code={props.receipt.receipt} />
      </p>
    </section>
  );
}

/** What a check found; while its code loads, a wait, and if it cannot, a way on. */
export function Audited(props: {
  outcome: AuditOutcome;
  electionId: string;
  labelOf: (choice: string) => string;
  onDone: () => void;
}) {
  const { module, failed } = auditResult.useModule();
  if (module) return <module.AuditResult {...props} />;
  if (!failed) return <p role="status">Memuat hasil pemeriksaan...</p>;
  return (
    <section className="card audit-result">
      <Alert kind="error">
        Hasil pemeriksaan tidak dapat ditampilkan karena koneksi terputus. Surat suara{' '}
        <TrackerCode code={props.outcome.tracker} /> sudah dibuka dan tidak akan dihitung.
      </Alert>
      <button type="button" className="btn btn-primary" onClick={props.onDone}>
        Buat surat suara baru
      </button>
    </section>
  );
}
