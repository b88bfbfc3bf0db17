import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { isPasskeyCancel } from '../../../lib/passkey.ts';
import { endPasskeyOffer } from '../../../lib/passkey-offer-sign-in.ts';
import { useAddPasskey } from '../api/security.ts';

/** Closing the offer takes its buttons away: the keyboard goes on from the page's content. */
const focusContent = () => document.getElementById('main')?.focus();

/**
 * Offered once, on the page a password sign-in lands on, to someone who has no passkey yet and a
 * browser that can make one (web/lib/passkey-offer.ts decides when): "Buat Passkey" makes it right
 * there; "Nanti Saja" closes it; "Jangan Tawarkan Lagi" for good on this device. Keamanan Akun
 * manages passkeys afterwards.
 */
export function PasskeyOffer() {
  const add = useAddPasskey();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();

  const close = (forGood: boolean) => {
    endPasskeyOffer(forGood);
    focusContent();
  };
  const create = async () => {
    setError(undefined);
    try {
      await add.mutateAsync('Perangkat ini');
      setSaved(true);
    } catch (err) {
      setError(
        isPasskeyCancel(err)
          ? 'Pembuatan passkey dibatalkan. Coba lagi, atau tambahkan nanti dari Keamanan Akun.'
          : err instanceof ApiError
            ? err.message
            : 'Passkey tidak dibuat. Coba lagi, atau tambahkan nanti dari Keamanan Akun.',
      );
    }
  };

  return (
    <section className="container passkey-offer" aria-labelledby="passkey-offer-title">
      <div className="card">
        <h2 id="passkey-offer-title">Masuk lebih cepat dengan passkey</h2>
        {saved ? (
          <>
            <Alert kind="success">
              Passkey tersimpan di perangkat ini. Lain kali pilih &ldquo;Masuk dengan
              Passkey&rdquo;.
            </Alert>
            <button type="button" className="btn btn-outline" onClick={() => close(false)}>
              Tutup
            </button>
          </>
        ) : (
          <>
            <p>
              Passkey memakai sidik jari, wajah, atau PIN perangkat ini sebagai pengganti kata
              sandi, dan tidak dapat dicuri lewat situs palsu. Anda dapat mengelolanya di{' '}
              <Link to={paths.keamananAkun}>Keamanan Akun</Link>.
            </p>
            {error ? <Alert kind="error">{error}</Alert> : null}
            <div className="passkey-offer-actions">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void create()}
                disabled={add.isPending}
              >
                {add.isPending ? 'Membuat passkey...' : 'Buat Passkey'}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => close(false)}>
                Nanti Saja
              </button>
              <button type="button" className="link-button inline-link" onClick={() => close(true)}>
                Jangan Tawarkan Lagi
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
