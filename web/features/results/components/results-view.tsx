import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { receiptCheckSchema } from '../../../../shared/schemas/elections.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { formatPercent } from '../../../lib/number-format.ts';
import { useReceiptCheck, useRecordHead, type ResultsResponse } from '../api/results.ts';
import { ResultsChart } from './results-chart.tsx';
import { ClientOnly } from '../../../components/client-only.tsx';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';

type Turnout = ResultsResponse['turnout'];

function TurnoutSection({ turnout }: { turnout: Turnout }) {
  return (
    <section className="card" aria-labelledby="turnout-title">
      <h2 id="turnout-title">Partisipasi</h2>
      <p className="turnout-big">
        {turnout.voted} dari {turnout.rollSize} pemilih ({formatPercent(turnout.percent)})
      </p>
      <ul className="turnout-list">
        {turnout.perProdi.map((p) => (
          <li key={p.prodi}>
            <span>{p.prodi}</span>
            <span>
              {p.voted}/{p.rollSize} ({formatPercent(p.percent)})
            </span>
            <progress max={p.rollSize || 1} value={p.voted} aria-label={`Partisipasi ${p.prodi}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A verifiable election's public record: download it, note its head, check it anywhere. */
function RecordSection({ electionId }: { electionId: string }) {
  const head = useRecordHead(electionId, true);
  return (
    <section className="card" aria-labelledby="record-title">
      <h2 id="record-title">Rekaman Pemilihan</h2>
      <p className="field-hint">
        Seluruh pemilihan ini — kunci, surat suara terenkripsi, tally, dekripsi dan hasil — tercatat
        dalam satu berkas publik berformat Belenios 2.0. Siapa pun dapat memeriksanya di halaman{' '}
        <a href="/verifikasi">Verifikasi</a> atau dengan program <code>belenios-tool</code>.
      </p>
      {head.isPending ? <p role="status">Memuat...</p> : null}
      {head.isError ? <Alert kind="error">{head.error.message}</Alert> : null}
      {head.data ? (
        <>
          <p>
            Hash kepala rekaman: <code className="code hash">{head.data.head}</code> (
            {head.data.events} peristiwa)
          </p>
          {head.data.complete ? null : (
            <p className="field-hint">
              Hasil belum diumumkan: rekaman ini berhenti pada tally terenkripsi.
            </p>
          )}
          <p>
            Sidik pemilihan: <code className="code hash">{head.data.fingerprint}</code>
          </p>
          {head.data.keyHolders.threshold !== null ? (
            <>
              <p>
                Kunci pemilihan dipegang bersama oleh server dan{' '}
                {head.data.keyHolders.trustees.length} wali kunci; hasil dibuka oleh{' '}
                {head.data.keyHolders.threshold} wali kunci bersama kunci server, tanpa seorang pun
                memegang kunci utuh:
              </p>
              <ul>
                {head.data.keyHolders.trustees.map((t, i) => (
                  <li key={i}>
                    {t.namaLengkap} ({t.role === 'saksi' ? 'Saksi' : 'Panitia'})
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Kunci pemilihan ini dipegang server saja (tanpa wali kunci).</p>
          )}
          <p className="field-hint">
            Cara memeriksa: unduh rekamannya, lalu buka halaman Verifikasi, atau jalankan{' '}
            <code>belenios-tool election verify --dir FOLDER</code> pada folder berisi berkas .bel
            tersebut.
          </p>
        </>
      ) : null}
      <p className="page-actions">
        <Link className="btn btn-outline" to={paths.kotakSuara(electionId)}>
          Lihat Kotak Suara Publik
        </Link>
        <a className="btn btn-outline" href={`/api/elections/${electionId}/record`} download>
          Unduh Rekaman Pemilihan
        </a>
      </p>
    </section>
  );
}

function ReceiptCheck({ electionId }: { electionId: string }) {
  const check = useReceiptCheck(electionId);
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof receiptCheckSchema>,
    unknown,
    z.output<typeof receiptCheckSchema>
  >({ resolver: zodResolver(receiptCheckSchema), defaultValues: { receipt: '' } });
  const [formError, setFormError] = useState<string>();
  const onSubmit = handleSubmit(async ({ receipt }) => {
    setFormError(undefined);
    try {
      await check.mutateAsync(receipt);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['receipt'], 'Pemeriksaan gagal.'));
    }
  });
  return (
    <section className="card" aria-labelledby="receipt-check-title">
      <h2 id="receipt-check-title">Periksa Kode Bukti</h2>
      <p className="field-hint">
        Masukkan Kode Bukti yang Anda terima setelah memilih. Pilihan Anda tidak ditampilkan.
      </p>
      <form method="post" noValidate onSubmit={onSubmit}>
        <TextField
          label="Kode Bukti"
          autoComplete="off"
          error={formState.errors.receipt?.message ?? formError}
          {...register('receipt')}
        />
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          Periksa
        </button>
      </form>
      <div aria-live="polite">
        {check.data ? (
          check.data.found ? (
            <Alert kind="success">Suara dengan kode ini tercatat dan ikut dihitung.</Alert>
          ) : (
            <Alert kind="error">Kode ini tidak ditemukan di kotak suara pemilihan ini.</Alert>
          )
        ) : null}
      </div>
    </section>
  );
}

/** Hasil Pemilihan: sealed with live turnout, or the counts, chart, winner, downloads and receipt check. */
export function ResultsView({ data }: { data: ResultsResponse }) {
  const { election } = data;
  return (
    <>
      <h1>Hasil Pemilihan</h1>
      <p className="election-meta">
        {election.title} · {election.organizer} · {formatWib(election.startsAt)} sampai{' '}
        {formatWib(election.endsAt)}
      </p>
      {election.extension ? (
        <p className="election-extension">
          Waktu pemungutan suara diperpanjang sekali oleh panitia, dari{' '}
          {formatWib(election.extension.from)} menjadi {formatWib(election.extension.to)}. Alasan:{' '}
          {election.extension.reason}
        </p>
      ) : null}
      {data.sealed ? (
        <>
          <Alert kind="info">
            {data.message.startsWith('Hasil belum tersedia')
              ? data.message
              : `Hasil belum tersedia. ${data.message}`}
          </Alert>
          <TurnoutSection turnout={data.turnout} />
        </>
      ) : (
        <>
          <section className="card" aria-labelledby="result-title">
            <h2 id="result-title">Perolehan Suara</h2>
            {data.results.winner ? (
              <p className="winner">
                Pemenang: <strong>{data.results.winner.label}</strong>
              </p>
            ) : data.results.tie ? (
              <p className="winner">Hasil seri: tidak ada pemenang tunggal.</p>
            ) : null}
            <ClientOnly>
              <ResultsChart
                options={data.results.options}
                winner={data.results.winner?.choice ?? null}
              />
            </ClientOnly>
            <TableWrap label="Tabel perolehan suara">
              <table className="table">
                <caption className="visually-hidden">Perolehan suara per pilihan</caption>
                <thead>
                  <tr>
                    <th scope="col">Pilihan</th>
                    <th scope="col">Suara</th>
                    <th scope="col">Persentase</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.options.map((o) => (
                    <tr key={o.choice}>
                      <td>{o.label}</td>
                      <td>{o.votes}</td>
                      <td>{formatPercent(o.percent)}</td>
                    </tr>
                  ))}
                  {data.results.abstain ? (
                    <tr>
                      <td>Abstain</td>
                      <td>{data.results.abstain.votes}</td>
                      <td>—</td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
            </TableWrap>
            <p className="field-hint">
              Surat suara: {data.results.totals.ballots} · sah: {data.results.totals.valid}. Hash
              akhir rantai surat suara: <code className="code hash">{data.results.chain.head}</code>
            </p>
            {data.results.problems.length ? (
              <Alert kind="error">
                Pemeriksaan menemukan ketidaksesuaian: {data.results.problems.join('; ')}
              </Alert>
            ) : null}
            <p className="page-actions">
              <a className="btn btn-outline" href={`/api/results/${election.id}/csv`} download>
                Unduh CSV
              </a>
              <a className="btn btn-outline" href={`/api/results/${election.id}/pdf`} download>
                Unduh Berita Acara (PDF)
              </a>
            </p>
          </section>
          <TurnoutSection turnout={data.turnout} />
        </>
      )}
      {election.verifiable ? <RecordSection electionId={election.id} /> : null}
      {/* A Kode Bukti exists only once a ballot can be cast. */}
      {election.phase === 'upcoming' ? null : <ReceiptCheck electionId={election.id} />}
    </>
  );
}
