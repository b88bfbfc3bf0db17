import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../lib/wib.ts';
import { useCastVote, type Ballot } from '../api/elections.ts';
import { BoothError } from '../booth/booth-worker.ts';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { TrackerCode } from '../../../components/tracker-code.tsx';

const KOTAK_KOSONG = 'kotak-kosong';
const ABSTAIN = 'abstain';

type Candidate = Ballot['candidates'][number];

/** The answer to a cast, and whether the ballot was encrypted (its code is then a tracker). */
export type CastReceipt = { receipt: string; votedAt: string; verifiable: boolean };

/**
 * The receipt after casting: kept by the page, so it stays whatever the ballot's state becomes.
 * It takes the focus (the ballot and its dialog are gone), so a screen reader reads it out. In a
 * verifiable election the Kode Bukti is the ballot's tracker: it is also mailed, and can be found
 * in the public ballot box.
 */
export function ReceiptCard({
  receipt,
  election,
}: {
  receipt: CastReceipt;
  election: { id: string; title: string };
}) {
  const { verifiable } = receipt;
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string>();
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(receipt.receipt);
      setCopied('Kode Bukti disalin.');
    } catch {
      setCopied('Gagal menyalin otomatis: pilih kodenya lalu salin secara manual.');
    }
  };
  const download = () => {
    const text = [
      `Kode Bukti pemilihan "${election.title}"`,
      receipt.receipt,
      `Dicatat pada ${formatWib(receipt.votedAt)}.`,
      verifiable
        ? `Cari kode ini di kotak suara publik: ${window.location.origin}${paths.kotakSuara(election.id, receipt.receipt)}`
        : `Periksa kode ini di ${window.location.origin}${paths.hasil(election.id)}`,
      '',
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'kode-bukti.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="card receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" tabIndex={-1} ref={heading}>
        Suara Anda sudah tercatat
      </h2>
      <p>
        Simpan kode berikut. Dengan kode ini Anda dapat memeriksa bahwa suara Anda ikut dihitung,
        tanpa memperlihatkan pilihan Anda.
      </p>
      <p className="receipt-label">Kode Bukti</p>
      <p className="receipt-code" data-testid="kode-bukti">
        {verifiable ? <TrackerCode code={receipt.receipt} /> : receipt.receipt}
      </p>
      <p className="field-hint">
        Dicatat pada {formatWib(receipt.votedAt)}.{' '}
        {verifiable ? 'Kode ini juga dikirim ke email Anda.' : 'Kode ini hanya ditampilkan sekali.'}
      </p>
      <p className="page-actions">
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          Salin kode
        </button>
        <button type="button" className="btn btn-outline" onClick={download}>
          Unduh kode
        </button>
        {verifiable ? (
          <Link className="btn btn-primary" to={paths.kotakSuara(election.id, receipt.receipt)}>
            Cari di Kotak Suara Publik
          </Link>
        ) : null}
      </p>
      <p role="status">{copied}</p>
    </section>
  );
}

const candidateName = (c: Candidate) =>
  `Nomor ${c.nomorUrut}: ${c.namaKetua}${c.namaWakil ? ` dan ${c.namaWakil}` : ''}`;

function choiceLabel(ballot: Ballot, choice: string) {
  if (choice === KOTAK_KOSONG) return 'Kotak Kosong';
  if (choice === ABSTAIN) return 'Abstain (tidak memilih kandidat)';
  const c = ballot.candidates.find((x) => x.id === choice);
  return c ? candidateName(c) : choice;
}

/**
 * The ballot: every candidate shown alike (photo, number, names, vision and mission), one choice,
 * "Kirim Suara" shows the choice again and asks "Ya, Kirim"; afterwards the receipt to keep.
 */
export function BallotForm({
  ballot,
  credential,
  onCast,
}: {
  ballot: Ballot;
  /** A verifiable election's private credential (from the mailed link), checked as the voter's. */
  credential?: string | undefined;
  onCast: (r: CastReceipt) => void;
}) {
  const cast = useCastVote(ballot.election.id, ballot.verifiable);
  const [choice, setChoice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    setError(undefined);
    try {
      const out = await cast.mutateAsync({ choice, credential });
      setConfirming(false);
      onCast({ ...out, verifiable: ballot.verifiable !== null });
    } catch (err) {
      setConfirming(false);
      setError(
        err instanceof ApiError && err.code === 'NETWORK' && ballot.verifiable
          ? 'Koneksi terputus sebelum jawaban server diterima. Tekan "Kirim Suara" lagi: surat suara yang sama dikirim ulang dan tidak akan tercatat dua kali.'
          : err instanceof ApiError || err instanceof BoothError
            ? err.message
            : 'Suara gagal dikirim. Silakan coba lagi.',
      );
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!choice) setError('Pilih salah satu pilihan terlebih dahulu.');
        else setConfirming(true);
      }}
      noValidate
    >
      {error ? <Alert kind="error">{error}</Alert> : null}
      <fieldset className="ballot">
        <legend>Surat suara: pilih satu</legend>
        {ballot.choices.map((id) => {
          const c = ballot.candidates.find((x) => x.id === id);
          return (
            <label key={id} className={`ballot-option${choice === id ? ' selected' : ''}`}>
              <input
                type="radio"
                name="choice"
                value={id}
                checked={choice === id}
                onChange={() => setChoice(id)}
                aria-label={choiceLabel(ballot, id)}
              />
              {c ? (
                <span className="ballot-candidate">
                  <span className="ballot-number" aria-hidden="true">
                    {c.nomorUrut}
                  </span>
                  {c.foto ? (
                    <img src={c.foto} alt="" width={120} height={120} />
                  ) : (
                    <span className="ballot-photo-empty" aria-hidden="true" />
                  )}
                  <span className="ballot-names">
                    <strong>{c.namaKetua}</strong>
                    {c.namaWakil ? <span>{c.namaWakil}</span> : null}
                  </span>
                  {c.visi || c.misi ? (
                    <details onClick={(e) => e.stopPropagation()}>
                      <summary>Visi dan misi</summary>
                      {c.visi ? (
                        <>
                          <h4>Visi</h4>
                          <p className="prewrap">{c.visi}</p>
                        </>
                      ) : null}
                      {c.misi ? (
                        <>
                          <h4>Misi</h4>
                          <p className="prewrap">{c.misi}</p>
                        </>
                      ) : null}
                    </details>
                  ) : null}
                </span>
              ) : (
                <span className="ballot-special">{choiceLabel(ballot, id)}</span>
              )}
            </label>
          );
        })}
      </fieldset>
      <button type="submit" className="btn btn-accent btn-block ballot-submit">
        Kirim Suara
      </button>
      <ConfirmDialog
        open={confirming}
        title="Kirim suara ini?"
        confirmLabel="Ya, Kirim"
        cancelLabel="Kembali"
        busy={cast.isPending}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <p>Pilihan Anda:</p>
        <p className="confirm-choice">{choiceLabel(ballot, choice)}</p>
        <p className="field-hint">
          Setelah dikirim, suara tidak dapat diubah atau ditarik kembali.
        </p>
      </ConfirmDialog>
    </form>
  );
}
