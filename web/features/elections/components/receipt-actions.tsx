import { useState } from 'react';
import { copyText, downloadText } from '../../../lib/save-text.ts';
import { formatWib } from '../../../lib/wib.ts';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import type { CastReceipt } from './receipt-card.tsx';

/** What a voter can do with their Kode Bukti: copy it, download it, find it in the ballot box. */
export function ReceiptActions({
  receipt,
  election,
}: {
  receipt: CastReceipt;
  election: { id: string; title: string };
}) {
  const { verifiable } = receipt;
  const [copied, setCopied] = useState<string>();
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
    <>
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
    </>
  );
}
