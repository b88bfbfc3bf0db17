import { SaveCodeButtons } from '../../../components/save-code-buttons.tsx';
import { formatWib } from '../../../../shared/wib.ts';
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
  const fileText = () =>
    [
      `Kode Bukti pemilihan "${election.title}"`,
      receipt.receipt,
      `Dicatat pada ${formatWib(receipt.votedAt)}.`,
      verifiable
        ? `Cari kode ini di kotak suara publik: ${window.location.origin}${paths.kotakSuara(election.id, receipt.receipt)}`
        : `Periksa kode ini di ${window.location.origin}${paths.hasil(election.id)}`,
      '',
    ].join('\n');
  return (
    <SaveCodeButtons
      code={receipt.receipt}
      copiedMessage="Kode Bukti disalin."
      filename="kode-bukti.txt"
      fileText={fileText}
    >
      {verifiable ? (
        <Link className="btn btn-primary" to={paths.kotakSuara(election.id, receipt.receipt)}>
          Cari di Kotak Suara Publik
        </Link>
      ) : null}
    </SaveCodeButtons>
  );
}
