import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { endPasskeyOffer, passkeyOfferPending } from '../../../lib/passkey-offer.ts';
import { useAddPasskey } from '../api/security.ts';

/**
 * Offered once, on the page a password sign-in lands on, to someone who has no passkey yet and a
 * browser that can make one: "Buat Passkey" makes it right there; "Nanti Saja" closes it for this
 * visit; "Jangan Tawarkan Lagi" for good on this device. Keamanan Akun manages them afterwards.
 */
export function PasskeyOffer({ passkeys }: { passkeys: number }) {
  const add = useAddPasskey();
  const [open, setOpen] = useState(passkeyOfferPending);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  // Offered on the page the sign-in landed on only: going elsewhere is an answer too.
  const { pathname } = useLocation();
  const [landedOn] = useState(pathname);
  const movedOn = pathname !== landedOn;
  useEffect(() => {
    if (movedOn) endPasskeyOffer(false);
  }, [movedOn]);
  if (!open || movedOn || !supported || pathname === paths.keamananAkun) return null;
  if (passkeys > 0 && !saved) return null;

  const close = (forGood: boolean) => {
    endPasskeyOffer(forGood);
    setOpen(false);
  };
  const create = async () => {
    setError(undefined);
    try {
      await add.mutateAsync('Perangkat ini');
      endPasskeyOffer(false);
      setSaved(true);
    } catch (err) {
      // The person closed the browser's own prompt: nothing to say but that nothing was made.
      setError(
        err instanceof ApiError
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
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
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
