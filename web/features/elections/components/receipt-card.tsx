import { useRef, type ReactNode } from 'react';
import { useFocusOnMount } from '../../../components/use-focus-on-mount.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { TrackerCode } from '../../../components/tracker-code.tsx';

/** The answer to a cast, and whether the ballot was encrypted (its code is then a tracker). */
export type CastReceipt = { receipt: string; votedAt: string; verifiable: boolean };

/**
 * The receipt after casting: kept by the page, so it stays whatever the ballot's state becomes.
 * It takes the focus (the ballot and its dialog are gone), so a screen reader reads it out. In a
 * verifiable election the Kode Bukti is the ballot's tracker: it is also mailed, and can be found
 * in the public ballot box. `actions` (copy, download, the ballot box) load apart
 * (receipt-actions.tsx): the code itself never waits for them.
 */
export function ReceiptCard({ receipt, actions }: { receipt: CastReceipt; actions: ReactNode }) {
  const { verifiable } = receipt;
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
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
      {actions}
    </section>
  );
}
