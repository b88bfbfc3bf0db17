import { InvalidRows } from '../../../components/invalid-rows.tsx';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import {
  useApplyRoll,
  useMailProblems,
  useRoll,
  useRollPreview,
  type Overview,
} from '../api/committee.ts';
import { Pager } from '../../../components/pager.tsx';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { formatWib } from '../../../../shared/wib.ts';
import { ResendCredentialDialog } from './resend-credential-dialog.tsx';

/**
 * Pemilih: the roll with who has voted (never what); "Impor CSV" of NIMs with a preview first.
 * A witness reads the overview only: the roll names students, so it stays with the committee.
 */
type RollEntry = NonNullable<ReturnType<typeof useRoll>['data']>['items'][number];

/** Where a voter's credential mail stands, in words; never who voted for what. */
function credentialText(c: RollEntry['credential']): string {
  if (!c) return '—';
  switch (c.state) {
    case 'sent':
      return `Terkirim ${c.mailedAt ? formatWib(c.mailedAt) : ''}`.trim();
    case 'queued':
      return 'Dalam antrean kirim';
    case 'waiting-account':
      return 'Menunggu akun terverifikasi';
    case 'failing':
      // The mail server's own words (English, technical) stay in the server's log.
      return `Belum terkirim: ${c.error ?? 'server surat gagal.'} Dicoba lagi otomatis.`;
    case 'failed':
      return `Gagal dikirim: ${c.error ?? 'ditolak server surat.'}`;
    case 'erased':
      return 'Tidak terkirim; dihapus saat pemungutan suara ditutup';
  }
}

/**
 * The voter mails of this election that have not arrived (a mail server refusing an address, or
 * down): who, which mail, why; nothing when all arrived. Addresses stay with the admins.
 */
function MailProblems({ electionId, enabled }: { electionId: string; enabled: boolean }) {
  const problems = useMailProblems(electionId, enabled);
  const items = problems.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="mail-problems" aria-labelledby="surat-bermasalah">
      <h3 id="surat-bermasalah">Surat ke pemilih yang belum sampai ({items.length})</h3>
      <p className="field-hint">
        Surat yang ditolak server surat tidak dikirim lagi. Minta pemilih memeriksa alamat emailnya,
        atau hubungi admin BEM yang dapat mengirimnya ulang dari Dashboard.
      </p>
      <ul>
        {items.map((m, i) => (
          <li key={`${m.nim ?? ''}-${m.createdAt}-${i}`}>
            <strong>{m.namaLengkap ?? m.nim ?? 'Pemilih'}</strong>
            {m.nim ? ` (NIM ${m.nim})` : ''}: {m.jenis}. {m.error}{' '}
            {m.givenUp ? 'Tidak dicoba lagi.' : 'Dicoba lagi otomatis.'}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RollPanel({ overview }: { overview: Overview }) {
  if (overview.viewerRole === 'saksi')
    return (
      <section aria-labelledby="pemilih-title">
        <h2 id="pemilih-title">Pemilih</h2>
        <p className="field-hint">
          Daftar pemilih hanya dapat dilihat panitia dan admin. Jumlah pemilih dan partisipasi ada
          di tab Ringkasan.
        </p>
      </section>
    );
  return <Roll overview={overview} />;
}

function Roll({ overview }: { overview: Overview }) {
  const id = overview.election.id;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const roll = useRoll(id, q, page);
  const preview = useRollPreview(id);
  const apply = useApplyRoll(id);
  const [csv, setCsv] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const file = useRef<HTMLInputElement>(null);
  const editable = overview.abilities.importRoll;
  const pages = roll.data ? Math.max(1, Math.ceil(roll.data.total / 50)) : 1;
  const withCredentials = roll.data?.items.some((r) => r.credential !== null) ?? false;
  const [resending, setResending] = useState<RollEntry>();
  // A lost credential can be sent again while the polls have not closed, to one who has not voted.
  const mayResend = (r: RollEntry) =>
    overview.canPrepare &&
    overview.viewerRole === 'panitia' &&
    (overview.election.phase === 'upcoming' || overview.election.phase === 'open') &&
    !r.voted &&
    (r.credential?.state === 'sent' || r.credential?.state === 'failed') &&
    r.credential.recoverable;

  const pick = async (f: File | undefined) => {
    if (!f) return;
    setError(undefined);
    setDone(undefined);
    const text = await f.text();
    try {
      await preview.mutateAsync(text);
      setCsv(text);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Berkas tidak dapat dibaca.');
    }
    if (file.current) file.current.value = '';
  };

  return (
    <section aria-labelledby="pemilih-title">
      <div className="panel-head">
        <h2 id="pemilih-title">Pemilih ({roll.data?.total ?? '…'})</h2>
        {editable ? (
          <>
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
            <button type="button" className="btn btn-primary" onClick={() => file.current?.click()}>
              Impor CSV
            </button>
          </>
        ) : null}
      </div>
      {roll.data?.prospective ? (
        <p className="field-hint">
          Pemilih ditentukan dari aturan di Pengaturan dan ditetapkan saat pemilihan dikunci. Daftar
          di bawah adalah pemilih terverifikasi yang cocok dengan aturan itu saat ini; pendaftar
          yang diverifikasi admin BEM sebelum dikunci ikut masuk.
        </p>
      ) : null}
      {editable ? (
        <p className="field-hint">CSV berisi satu NIM per baris, atau kolom berjudul "NIM".</p>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      <MailProblems electionId={id} enabled={overview.election.status !== 'draft'} />
      <div className="field">
        <label htmlFor="roll-q">Cari NIM atau nama</label>
        <input
          id="roll-q"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {roll.data && roll.data.items.length === 0 ? (
        <p className="empty-state">
          {q
            ? 'Tidak ada pemilih yang cocok.'
            : roll.data.prospective
              ? 'Belum ada pemilih terverifikasi yang cocok dengan aturan ini. Verifikasi pendaftar dilakukan oleh admin BEM.'
              : 'Tidak ada pemilih.'}
        </p>
      ) : null}
      {withCredentials ? (
        <p className="field-hint">
          Setiap pemilih menerima kredensialnya lewat email saat pemilihan dikunci (pemilih yang
          akunnya diverifikasi kemudian, dalam satu menit). Server menghapus kredensial begitu
          emailnya diterima server surat. Pemilih yang kehilangan emailnya dapat dikirimi ulang
          dengan Kode Pemulihan yang disimpan panitia saat mengunci.
        </p>
      ) : null}
      {roll.data && roll.data.items.length ? (
        <TableWrap label="Tabel daftar pemilih">
          <table className="table roll-table">
            <thead>
              <tr>
                <th scope="col">NIM</th>
                <th scope="col">Nama</th>
                <th scope="col">Program Studi</th>
                <th scope="col">Status</th>
                {withCredentials ? <th scope="col">Kredensial</th> : null}
              </tr>
            </thead>
            <tbody>
              {roll.data.items.map((r) => (
                <tr key={r.nim}>
                  <td>{r.nim}</td>
                  <td>{r.namaLengkap ?? '—'}</td>
                  <td>{r.prodi ?? '—'}</td>
                  <td>{r.standing}</td>
                  {withCredentials ? (
                    <td>
                      {credentialText(r.credential)}
                      {mayResend(r) ? (
                        <>
                          {' '}
                          <button
                            type="button"
                            className="btn btn-outline roll-resend"
                            aria-label={`Kirim ulang kredensial ${r.namaLengkap ?? r.nim}`}
                            onClick={() => {
                              setDone(undefined);
                              setResending(r);
                            }}
                          >
                            Kirim Ulang
                          </button>
                        </>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pager page={page} pages={pages} label="Halaman daftar pemilih" onPage={setPage} />
      <ResendCredentialDialog
        electionId={id}
        voter={resending}
        onClose={() => setResending(undefined)}
        onDone={setDone}
      />
      <ConfirmDialog
        open={csv !== null && preview.data !== undefined}
        title="Terapkan daftar pemilih?"
        confirmLabel="Ya, Terapkan"
        busy={apply.isPending}
        onCancel={() => setCsv(null)}
        onConfirm={async () => {
          try {
            const out = await apply.mutateAsync(csv ?? '');
            setDone(`${out.nims} NIM ditetapkan sebagai daftar pemilih.`);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'Gagal menerapkan.');
          }
          setCsv(null);
        }}
      >
        {preview.data ? (
          <ul className="preview-list">
            <li>{preview.data.nims} NIM valid akan menggantikan daftar saat ini.</li>
            <li>{preview.data.verified} cocok dengan pemilih terverifikasi.</li>
            <li>{preview.data.unverified.length} terdaftar tetapi belum terverifikasi.</li>
            <li>
              {preview.data.unregistered.length} belum mendaftar (tetap dapat memilih setelah
              mendaftar dan diverifikasi).
            </li>
            <li>{preview.data.duplicates.length} NIM ganda dilewati.</li>
            <InvalidRows rows={preview.data.invalid} />
          </ul>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
