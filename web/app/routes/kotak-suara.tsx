import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { TextField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';
import { Pager } from '../../components/pager.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useBallotBox } from '../../features/ballot-box/api/ballot-box.ts';
import { TrackerCode } from '../../components/tracker-code.tsx';
import { trackerSearch, trackerSearchError } from '../../../shared/tracker-search.ts';

const FULL = 43;

/**
 * /hasil/{eventId}/kotak-suara: the public ballot box. Every accepted ballot's Kode Bukti, live
 * while voting, its count equal to the turnout; a voter finds their own code here. Only the
 * codes: nobody can tell from them who voted, or for whom.
 */
export function Component() {
  useDocumentTitle('Kotak Suara Publik');
  const { eventId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const cari = trackerSearch(params.get('cari') ?? '');
  const halaman = Math.max(1, Number(params.get('halaman')) || 1);
  const [input, setInput] = useState(cari);
  const [inputError, setInputError] = useState<string>();
  const box = useBallotBox(eventId, cari, halaman);
  const go = (next: { cari?: string; halaman?: number }) => {
    const p = new URLSearchParams();
    const c = next.cari ?? cari;
    if (c) p.set('cari', c);
    if ((next.halaman ?? 1) > 1) p.set('halaman', String(next.halaman));
    setParams(p);
  };
  const data = box.data;
  const pages = data ? Math.max(1, Math.ceil(data.matches / data.pageSize)) : 1;
  return (
    <div className="container page ballot-box-page">
      <p>
        <Link to={paths.hasil(eventId)}>Kembali ke Hasil Pemilihan</Link>
      </p>
      <h1>Kotak Suara Publik</h1>
      {data ? <p className="election-meta">{data.title}</p> : null}
      <p>
        Setiap surat suara yang diterima tercatat di sini dengan Kode Buktinya, tanpa nama pemilih
        dan tanpa pilihannya. Cari Kode Bukti Anda untuk memastikan suara Anda ada di kotak suara.
      </p>
      {box.isPending ? <p role="status">Memuat kotak suara...</p> : null}
      {box.isError ? (
        <>
          {/* No ballot box at all (a draft, an election without encrypted ballots) is a state. */}
          <Alert
            kind={box.error instanceof ApiError && box.error.status === 404 ? 'info' : 'error'}
          >
            {box.error.message}
          </Alert>
          {cari && !(box.error instanceof ApiError && box.error.status === 404) ? (
            <p>
              <button type="button" className="btn btn-outline" onClick={() => go({ cari: '' })}>
                Hapus pencarian
              </button>
            </p>
          ) : null}
        </>
      ) : null}
      {data ? (
        <>
          <section className="card" aria-labelledby="kotak-jumlah">
            <h2 id="kotak-jumlah">{data.total} surat suara diterima</h2>
            <p className="field-hint">
              Jumlah ini sama dengan jumlah pemilih yang sudah memilih.{' '}
              {data.open
                ? 'Pemungutan suara sedang berlangsung: daftar ini diperbarui sendiri setiap beberapa detik.'
                : null}
            </p>
            <form
              method="post"
              className="inline-form"
              role="search"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                // Checked here first: a code that cannot be one is told at its field.
                const typed = trackerSearch(input);
                const bad = trackerSearchError(typed);
                setInputError(bad);
                if (!bad) go({ cari: typed, halaman: 1 });
              }}
            >
              <TextField
                label="Cari Kode Bukti"
                hint="Ketik atau tempel Kode Bukti Anda, atau beberapa karakter pertamanya. Huruf besar dan kecil dibedakan."
                error={inputError}
                autoComplete="off"
                spellCheck={false}
                value={input}
                onChange={(e) => setInput(e.target.value)}
              />
              <button type="submit" className="btn btn-primary">
                Cari
              </button>
              {cari ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => {
                    setInput('');
                    go({ cari: '', halaman: 1 });
                  }}
                >
                  Tampilkan semua
                </button>
              ) : null}
            </form>
            <div aria-live="polite">
              {cari.length === FULL && data.audited.found ? (
                <Alert kind="info">
                  Kode ini milik surat suara yang diperiksa (dibuka oleh pemilihnya), bukan surat
                  suara yang dikirim: isinya {data.audited.found.isi.join(', ')}, dan surat suara
                  itu tidak dihitung.
                </Alert>
              ) : cari.length === FULL ? (
                data.items.includes(cari) ? (
                  <Alert kind="success">
                    Kode Bukti ini ada di kotak suara: suaranya tercatat.
                  </Alert>
                ) : (
                  <Alert kind="error">
                    Kode Bukti ini tidak ada di kotak suara. Periksa kembali kodenya; bila sudah
                    benar, hubungi panitia pemilihan dengan menunjukkan Kode Bukti Anda.
                  </Alert>
                )
              ) : cari ? (
                <p role="status">
                  {data.matches} Kode Bukti berawalan <code className="code">{cari}</code>.
                </p>
              ) : null}
            </div>
          </section>
          {data.items.length ? (
            <ol className="tracker-list" start={(data.page - 1) * data.pageSize + 1}>
              {data.items.map((t) => (
                <li key={t} className={t === cari ? 'mine' : undefined}>
                  <TrackerCode code={t} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty-state">
              {cari
                ? 'Tidak ada Kode Bukti yang cocok. Periksa huruf besar dan kecilnya: keduanya dibedakan.'
                : 'Belum ada surat suara yang diterima.'}
            </p>
          )}
          <Pager
            page={data.page}
            pages={pages}
            label="Halaman kotak suara"
            onPage={(p) => go({ halaman: p })}
          />
          <section className="card" aria-labelledby="kotak-diperiksa">
            <h2 id="kotak-diperiksa">Surat suara yang diperiksa ({data.audited.total})</h2>
            <p>
              Sebelum mengirim, pemilih boleh membuka surat suara yang dibuat perangkatnya untuk
              memastikan isinya sesuai pilihannya, lalu membuat surat suara baru. Surat suara yang
              dibuka diumumkan di sini beserta isinya, tanpa nama pemilih, dan tidak pernah
              dihitung.
            </p>
            {data.audited.items.length ? (
              <ul className="audited-list">
                {data.audited.items.map((a) => (
                  <li key={a.tracker} className={a.tracker === cari ? 'mine' : undefined}>
                    <TrackerCode code={a.tracker} />
                    <span>Isi: {a.isi.join(', ')}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-state">Belum ada surat suara yang diperiksa.</p>
            )}
            {data.audited.total ? (
              <p>
                <a href={`/api/elections/${eventId}/record/audited`} download>
                  Unduh daftar lengkap beserta keacakannya (JSON)
                </a>
                {data.audited.total > data.audited.items.length
                  ? `; di atas ditampilkan ${data.audited.items.length} yang terbaru.`
                  : null}
              </p>
            ) : null}
          </section>
          {data.complete ? (
            <section className="card" aria-labelledby="kotak-periksa">
              <h2 id="kotak-periksa">Periksa seluruh pemilihan</h2>
              <p>
                Rekaman lengkap pemilihan ini memuat setiap surat suara di atas, tally terenkripsi,
                dekripsi para wali kunci dan hasilnya. Unduh rekamannya (dan daftar surat suara yang
                diperiksa) lalu periksa di halaman Verifikasi, atau rekamannya dengan program{' '}
                <code>belenios-tool</code>.
              </p>
              <p className="page-actions">
                <a className="btn btn-outline" href={`/api/elections/${eventId}/record`} download>
                  Unduh Rekaman Pemilihan
                </a>
                <a
                  className="btn btn-outline"
                  href={`/api/elections/${eventId}/record/audited`}
                  download
                >
                  Unduh Daftar Surat Suara yang Diperiksa
                </a>
                <Link className="btn btn-primary" to={paths.verifikasi}>
                  Buka Verifikasi
                </Link>
              </p>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
