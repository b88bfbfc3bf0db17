import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useConfirmEmail } from '../../features/auth/api/confirm-email.ts';
import { ApiError } from '../../lib/api-error.ts';

const failures: Record<string, string> = {
  TOKEN_EXPIRED:
    'Tautan konfirmasi ini sudah kedaluwarsa (berlaku 24 jam). Masuk dengan email dan kata sandi Anda untuk menerima tautan baru, atau daftar lagi.',
};
const INVALID =
  'Tautan konfirmasi tidak valid. Pastikan Anda membuka tautan lengkap dari email terakhir yang kami kirim.';

/**
 * /konfirmasi-email: the page the registration mail links to. It confirms the address, which
 * signs the student in, and lands on the voter dashboard. The confirmation is a request the page
 * makes, so a mail scanner that merely fetches the link confirms nothing.
 */
export function Component() {
  useDocumentTitle('Konfirmasi Email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSuccess: (me) => {
        if (me.user) void navigate(paths.dashboardPemilih, { replace: true });
      },
    });
  }, [token, confirm, navigate]);

  let body;
  if (!token) body = <Alert kind="error">{INVALID}</Alert>;
  else if (confirm.isError)
    body = (
      <Alert kind="error">
        {confirm.error instanceof ApiError && confirm.error.code !== 'NETWORK'
          ? (failures[confirm.error.code] ?? INVALID)
          : 'Konfirmasi gagal karena gangguan jaringan. Muat ulang halaman ini untuk mencoba lagi.'}
      </Alert>
    );
  else if (confirm.isSuccess && !confirm.data.user)
    body = <Alert kind="info">Email Anda sudah dikonfirmasi sebelumnya. Silakan masuk.</Alert>;
  else body = <p role="status">Mengonfirmasi email Anda…</p>;

  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Konfirmasi Email</h1>
        {body}
        <div className="form-links">
          <Link to={paths.loginPemilih}>Masuk</Link>
          <Link to={paths.registerPemilih}>Daftar Pemilih</Link>
        </div>
      </div>
    </div>
  );
}
