import { useRef, useState } from 'react';
import { useFocusOnMount } from '../../../components/use-focus-on-mount.ts';
import { copyText, downloadText } from '../../../lib/save-text.ts';
import { formatWib } from '../../../lib/wib.ts';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { TrackerCode } from '../../../components/tracker-code.tsx';

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
  useFocusOnMount(heading);
  const copy = async () => setCopied(await copyText(receipt.receipt, 'Kode Bukti disalin.'));
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
    downloadText('kode-bukti.txt', text);
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
