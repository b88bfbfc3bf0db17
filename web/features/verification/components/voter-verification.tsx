import { InvalidRows } from '../../../components/invalid-rows.tsx';
import { useRef, useState } from 'react';
import { PRODI } from '../../../../shared/people.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import {
  useApplyStudentList,
  usePreviewStudentList,
  useRegisteredVoters,
  useRejectVoter,
  useVerifyVoter,
  type VoterFilter,
} from '../api/voters.ts';
import { Pager } from '../../../components/pager.tsx';
import { oneOf } from '../../../lib/options.ts';

const statusText = { pending: 'Menunggu', verified: 'Terverifikasi', rejected: 'Ditolak' } as const;
const tone = { pending: 'pending', verified: 'ok', rejected: 'bad' } as const;

/** Registered voters: search and filters, Verifikasi / Tolak each, bulk verification from the official list. */
export function VoterVerification() {
  const [f, setF] = useState<VoterFilter>({ q: '', status: 'pending', prodi: '', page: 1 });
  const voters = useRegisteredVoters(f);
  const verify = useVerifyVoter();
  const reject = useRejectVoter();
  const preview = usePreviewStudentList();
  const apply = useApplyStudentList();
  const [rejecting, setRejecting] = useState<{ userId: string; nama: string } | null>(null);
  const [alasan, setAlasan] = useState('');
  const [csv, setCsv] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const file = useRef<HTMLInputElement>(null);
  const pages = voters.data ? Math.max(1, Math.ceil(voters.data.total / 25)) : 1;
  const fail = (err: unknown) =>
    setMessage({
      kind: 'error',
      text: err instanceof ApiError ? err.message : 'Terjadi kesalahan.',
    });

  return (
    <>
      <div className="panel-head">
        <p>
          {voters.data ? (
            <>
              Menunggu {voters.data.counts.pending} · Terverifikasi {voters.data.counts.verified} ·
              Ditolak {voters.data.counts.rejected}
            </>
          ) : null}
        </p>
        <input
          ref={file}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={async (e) => {
            const f0 = e.target.files?.[0];
            if (!f0) return;
            const text = await f0.text();
            e.target.value = '';
            try {
              await preview.mutateAsync(text);
              setCsv(text);
            } catch (err) {
              fail(err);
            }
          }}
        />
        <button type="button" className="btn btn-primary" onClick={() => file.current?.click()}>
          Impor Daftar Mahasiswa
        </button>
      </div>
      <p className="field-hint">
        Daftar resmi: CSV dengan kolom NIM, Nama, Prodi (dan Angkatan, Email bila ada). Pendaftar
        yang cocok dan sudah mengonfirmasi emailnya diverifikasi sekaligus; dengan kolom Email,
        alamatnya juga harus sama.
      </p>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="filters">
        <div className="field">
          <label htmlFor="v-q">Cari nama, NIM atau email</label>
          <input
            id="v-q"
            type="search"
            value={f.q}
            onChange={(e) => setF({ ...f, q: e.target.value, page: 1 })}
          />
        </div>
        <div className="field">
          <label htmlFor="v-status">Status</label>
          <select
            id="v-status"
            value={f.status}
            onChange={(e) =>
              setF({ ...f, status: e.target.value as VoterFilter['status'], page: 1 })
            }
          >
            <option value="">Semua</option>
            <option value="pending">Menunggu</option>
            <option value="verified">Terverifikasi</option>
            <option value="rejected">Ditolak</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="v-prodi">Program Studi</label>
          <select
            id="v-prodi"
            value={f.prodi}
            onChange={(e) => setF({ ...f, prodi: oneOf(PRODI, e.target.value), page: 1 })}
          >
            <option value="">Semua</option>
            {PRODI.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </div>
      </div>
      {voters.isPending ? <p role="status">Memuat...</p> : null}
      {voters.data && voters.data.items.length === 0 ? (
        <div className="empty-state">
          {f.status === 'pending' && !f.q && !f.prodi ? (
            <p>
              Tidak ada pendaftar yang menunggu verifikasi. {voters.data.counts.verified} pemilih
              sudah terverifikasi dan {voters.data.counts.rejected} ditolak.
            </p>
          ) : (
            <p>Tidak ada pendaftar yang cocok dengan pencarian dan filter ini.</p>
          )}
          {f.status || f.q || f.prodi ? (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setF({ q: '', status: '', prodi: '', page: 1 })}
            >
              Tampilkan semua pendaftar
            </button>
          ) : null}
        </div>
      ) : null}
      <ul className="request-list">
        {voters.data?.items.map((v) => (
          <li key={v.userId} className="card voter-row" aria-label={`${v.namaLengkap} ${v.nim}`}>
            <div>
              <strong>{v.namaLengkap}</strong>{' '}
              <span className={`badge badge-${tone[v.status]}`}>{statusText[v.status]}</span>
              {v.emailConfirmed ? null : (
                <>
                  {' '}
                  <span className="badge badge-neutral">Email belum dikonfirmasi</span>
                </>
              )}
              <p className="field-hint">
                NIM {v.nim} · {v.prodi} · {v.email}
                {v.angkatan ? ` · angkatan ${v.angkatan}` : ''}
              </p>
              {v.status === 'rejected' && v.rejectionReason ? (
                <p>Alasan: {v.rejectionReason}</p>
              ) : null}
            </div>
            <div className="election-card-actions">
              {v.status !== 'verified' && v.emailConfirmed ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={verify.isPending}
                  onClick={() => {
                    setMessage(undefined);
                    verify.mutate(v.userId, {
                      onError: fail,
                      // The row leaves a list of those waiting: say what happened to it.
                      onSuccess: () =>
                        setMessage({
                          kind: 'success',
                          text: `${v.namaLengkap} (${v.nim}) diverifikasi dan diberi tahu lewat email.`,
                        }),
                    });
                  }}
                >
                  Verifikasi
                </button>
              ) : null}
              {v.status !== 'rejected' ? (
                <button
                  type="button"
                  className="btn btn-outline btn-danger-outline"
                  onClick={() => {
                    setRejecting({ userId: v.userId, nama: v.namaLengkap });
                    setAlasan('');
                  }}
                >
                  Tolak
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Pager
        page={f.page}
        pages={pages}
        label="Halaman pendaftar"
        onPage={(page) => setF({ ...f, page })}
      />
      <ConfirmDialog
        open={rejecting !== null}
        title={`Tolak ${rejecting?.nama ?? ''}?`}
        confirmLabel="Ya, Tolak"
        danger
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={() =>
          rejecting &&
          reject.mutate(
            { userId: rejecting.userId, alasan },
            {
              onSuccess: () => setRejecting(null),
              onError: (err) => {
                setRejecting(null);
                fail(err);
              },
            },
          )
        }
      >
        <TextAreaField
          label="Alasan penolakan"
          id="v-alasan"
          rows={3}
          value={alasan}
          hint="Dikirim ke pendaftar melalui email."
          onChange={(e) => setAlasan(e.target.value)}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={csv !== null && preview.data !== undefined}
        title="Verifikasi dari daftar mahasiswa?"
        confirmLabel="Ya, Verifikasi"
        busy={apply.isPending}
        onCancel={() => setCsv(null)}
        onConfirm={async () => {
          try {
            const out = await apply.mutateAsync(csv ?? '');
            setMessage({ kind: 'success', text: `${out.toVerify.length} pendaftar diverifikasi.` });
          } catch (err) {
            fail(err);
          }
          setCsv(null);
        }}
      >
        {preview.data ? (
          <ul className="preview-list">
            <li>{preview.data.toVerify.length} pendaftar cocok dan akan diverifikasi.</li>
            <li>{preview.data.alreadyVerified} sudah terverifikasi.</li>
            <li>
              {preview.data.mismatched.length} NIM terdaftar dengan nama atau prodi berbeda
              (diperiksa manual).
            </li>
            <li>
              {preview.data.awaitingEmail.length} cocok tetapi belum mengonfirmasi email
              (diverifikasi setelah mereka membuka tautan konfirmasi dan daftar diimpor lagi).
            </li>
            <li>{preview.data.notRegistered} mahasiswa belum mendaftar.</li>
            <InvalidRows rows={preview.data.invalid} />
          </ul>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
