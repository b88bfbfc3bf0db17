import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { Pager } from '../../../components/pager.tsx';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { useOutbox, useRetryMail, type Outbox } from '../api/dashboard.ts';
import { number } from '../format.ts';

type Failed = Outbox['failed'][number];

function RetryButton({ mail }: { mail: Failed }) {
  const retry = useRetryMail();
  if (!mail.retryable) return <span className="field-hint">Isi surat sudah dihapus</span>;
  if (retry.isSuccess) return <span role="status">Masuk antrean kirim</span>;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline mail-retry"
        disabled={retry.isPending}
        aria-label={`Kirim ulang surat ke ${mail.to}`}
        onClick={() => retry.mutate(mail.id)}
      >
        {retry.isPending ? 'Mengirim...' : 'Kirim ulang'}
      </button>
      {retry.isError ? (
        <span role="alert" className="field-error">
          {retry.error instanceof ApiError ? retry.error.message : 'Gagal mengirim ulang.'}
        </span>
      ) : null}
    </>
  );
}

/**
 * Surat Keluar (master admins): every mail goes through the outbox; this says how much waits and
 * since when, how much left in a day, and lists what the mail server refused for good, each with
 * "Kirim ulang". The body of a mail is never shown (it may hold a credential or a reset link).
 */
export function MailSection() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page, true);
  const o = outbox.data;
  const pages = o ? Math.max(1, Math.ceil(o.totalFailed / 20)) : 1;
  return (
    <section
      className="card dashboard-section"
      aria-labelledby="surat-keluar-judul"
      id="surat-keluar"
    >
      <h2 id="surat-keluar-judul">Surat Keluar</h2>
      {outbox.isPending ? <p role="status">Memuat...</p> : null}
      {outbox.isError ? (
        <Alert kind="error">
          {outbox.error instanceof ApiError ? outbox.error.message : 'Gagal memuat surat keluar.'}
        </Alert>
      ) : null}
      {o ? (
        <>
          <ul className="mail-summary">
            <li>
              <strong>{number.format(o.pending)}</strong> menunggu dikirim
              {o.oldestPendingAt ? ` (tertua sejak ${formatWib(o.oldestPendingAt)})` : ''}
            </li>
            <li>
              <strong>{number.format(o.sentLastDay)}</strong> terkirim dalam 24 jam terakhir
            </li>
            <li>
              <strong>{number.format(o.totalFailed)}</strong> gagal terkirim
            </li>
          </ul>
          {o.retrying > 0 ? (
            <Alert kind="info">
              {number.format(o.retrying)} surat belum dapat dikirim dan dicoba lagi otomatis. Bila
              angka ini tidak berkurang, periksa server surat (SMTP).
            </Alert>
          ) : null}
          {o.failed.length === 0 ? (
            <p className="empty-state">Tidak ada surat yang gagal terkirim.</p>
          ) : (
            <TableWrap label="Tabel surat yang gagal terkirim">
              <table className="table mail-table">
                <caption className="visually-hidden">
                  Surat yang gagal terkirim, terbaru lebih dulu
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Waktu (WIB)</th>
                    <th scope="col">Penerima</th>
                    <th scope="col">Perihal</th>
                    <th scope="col">Alasan</th>
                    <th scope="col">Tindakan</th>
                  </tr>
                </thead>
                <tbody>
                  {o.failed.map((m) => (
                    <tr key={m.id}>
                      <td data-label="Waktu">
                        <time dateTime={m.createdAt}>{formatWib(m.createdAt)}</time>
                      </td>
                      <td data-label="Penerima" className="mail-to">
                        {m.to}
                      </td>
                      <td data-label="Perihal">{m.subject}</td>
                      <td data-label="Alasan">{m.error}</td>
                      <td>
                        <RetryButton mail={m} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          <Pager
            page={Math.min(page, pages)}
            pages={pages}
            label="Halaman surat yang gagal terkirim"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
