import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import {
  useApproveRequest,
  useRejectRequest,
  useRequests,
  type ElectionRequest,
} from '../api/requests.ts';

const statusLabel = {
  pending: ['Menunggu', 'pending'],
  approved: ['Disetujui', 'ok'],
  rejected: ['Ditolak', 'bad'],
} as const;

function RequestItem({
  r,
  onReject,
}: {
  r: ElectionRequest;
  onReject: (r: ElectionRequest) => void;
}) {
  const approve = useApproveRequest();
  const [confirming, setConfirming] = useState(false);
  const [label, tone] = statusLabel[r.status];
  return (
    <li className="card request-item" aria-labelledby={`r-${r.id}`}>
      <div className="election-card-head">
        <h3 id={`r-${r.id}`}>{r.namaPemilihan}</h3>
        <span className={`badge badge-${tone}`}>{label}</span>
      </div>
      <p className="field-hint">
        {r.penyelenggara} · diajukan oleh {r.namaPemohon} ({r.emailPemohon})
      </p>
      <p className="prewrap">{r.deskripsi}</p>
      <p>
        {formatWib(r.waktuMulai)} sampai {formatWib(r.waktuSelesai)}
      </p>
      {r.status === 'rejected' && r.rejectionReason ? (
        <p>
          <strong>Alasan penolakan:</strong> {r.rejectionReason}
        </p>
      ) : null}
      {r.status === 'approved' && r.kodeUndangan ? (
        <p>
          <strong>Kode Undangan:</strong> <code className="code">{r.kodeUndangan}</code>{' '}
          {r.electionId ? <Link to={paths.panitia(r.electionId)}>Buka area panitia</Link> : null}
        </p>
      ) : null}
      {approve.error ? (
        <Alert kind="error">
          {approve.error instanceof ApiError ? approve.error.message : 'Gagal.'}
        </Alert>
      ) : null}
      {r.status === 'pending' ? (
        <div className="election-card-actions">
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
            Setujui
          </button>
          <button
            type="button"
            className="btn btn-outline btn-danger-outline"
            onClick={() => onReject(r)}
          >
            Tolak
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Setujui permohonan?"
        confirmLabel="Ya, Setujui"
        busy={approve.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => approve.mutate(r.id, { onSettled: () => setConfirming(false) })}
      >
        <p>
          Pemilihan "{r.namaPemilihan}" akan dibuat dan kode undangan panitia dikirim ke{' '}
          {r.emailPemohon}.
        </p>
      </ConfirmDialog>
    </li>
  );
}

/** Election requests to decide, and the ones decided. */
export function RequestList() {
  const requests = useRequests();
  const reject = useRejectRequest();
  const [rejecting, setRejecting] = useState<ElectionRequest | null>(null);
  const [alasan, setAlasan] = useState('');
  const [rejectError, setRejectError] = useState<string>();
  if (requests.isPending) return <p role="status">Memuat...</p>;
  if (requests.isError) return <Alert kind="error">{requests.error.message}</Alert>;
  const pending = requests.data.items.filter((r) => r.status === 'pending');
  const decided = requests.data.items.filter((r) => r.status !== 'pending');
  const open = (r: ElectionRequest) => {
    setRejecting(r);
    setAlasan('');
    setRejectError(undefined);
  };
  return (
    <>
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">Menunggu keputusan ({pending.length})</h2>
        {pending.length ? (
          <ul className="request-list">
            {pending.map((r) => (
              <RequestItem key={r.id} r={r} onReject={open} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">Tidak ada permohonan yang menunggu.</p>
        )}
      </section>
      <section aria-labelledby="decided-title">
        <h2 id="decided-title">Sudah diputuskan</h2>
        {decided.length ? (
          <ul className="request-list">
            {decided.map((r) => (
              <RequestItem key={r.id} r={r} onReject={open} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">Belum ada.</p>
        )}
      </section>
      <ConfirmDialog
        open={rejecting !== null}
        title="Tolak permohonan?"
        confirmLabel="Ya, Tolak"
        danger
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          if (!rejecting) return;
          reject.mutate(
            { id: rejecting.id, alasan },
            {
              onSuccess: () => setRejecting(null),
              onError: (err) =>
                setRejectError(
                  err instanceof ApiError ? (err.fields.alasan ?? err.message) : 'Gagal menolak.',
                ),
            },
          );
        }}
      >
        <TextAreaField
          label="Alasan penolakan"
          id="alasan"
          rows={3}
          value={alasan}
          hint="Dikirim ke pemohon melalui email."
          error={rejectError}
          onChange={(e) => setAlasan(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
