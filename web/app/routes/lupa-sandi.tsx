import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

/** /lupa-sandi: asks for a reset link, or (opened from the mailed link) sets a new password. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A new admin's invitation (manage-admins.ts) opens the same form with a greeting.
  const invited = Boolean(token) && params.get('undangan') === '1';
  const title = invited ? 'Buat Kata Sandi' : token ? 'Atur Ulang Kata Sandi' : 'Lupa Kata Sandi';
  useDocumentTitle(title);
  return (
    <div className="container page">
      <div className="card auth-card">
        {token ? (
          <>
            <h1>{title}</h1>
            <p className="lead">
              {invited
                ? 'Selamat datang. Anda diundang menjadi admin BEM. Buat kata sandi untuk akun Anda, lalu masuk melalui halaman login admin.'
                : 'Buat kata sandi baru untuk akun Anda.'}
            </p>
            <ResetPasswordForm token={token} invited={invited} />
          </>
        ) : (
          <>
            <h1>Lupa Kata Sandi</h1>
            <p className="lead">
              Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat kata sandi baru.
            </p>
            <ForgotPasswordForm />
            <div className="form-links">
              <Link to={paths.loginPemilih}>Kembali ke halaman masuk</Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
