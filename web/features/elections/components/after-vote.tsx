import type { ComponentProps } from 'react';
import { later } from '../../../lib/later.ts';
import { Alert } from '../../../components/alert.tsx';
import { TrackerCode } from '../../../components/tracker-code.tsx';
import type { AuditResult } from './audit-result.tsx';
import type { ReceiptActions } from './receipt-actions.tsx';
import { ReceiptCard } from './receipt-card.tsx';

// What the booth shows after a cast or a check: loaded when the dialog opens, not with the ballot.
const receiptActions = later(() => import('./receipt-actions.tsx'));
const auditResult = later(() => import('./audit-result.tsx'));

/** Starts loading what the booth shows next; called as the confirmation dialog opens. */
export function preloadAfterVote(verifiable: boolean) {
  receiptActions.preload();
  if (verifiable) auditResult.preload();
}

/**
 * The receipt after a cast. Its code is on the page at once; the buttons to copy, download and
 * find it come when their code has loaded (and not at all if it cannot: the code stays shown).
 */
export function Receipt(props: ComponentProps<typeof ReceiptActions>) {
  const { module } = receiptActions.useModule();
  return (
    <ReceiptCard
      receipt={props.receipt}
      actions={module ? <module.ReceiptActions {...props} /> : null}
    />
  );
}

/** What a check found; while its code loads, a wait, and if it cannot, a way on. */
export function Audited(props: ComponentProps<typeof AuditResult>) {
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
