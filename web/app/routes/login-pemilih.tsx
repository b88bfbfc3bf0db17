import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/** /login-pemilih: sign-in for student voters. */
export function Component() {
  useDocumentTitle('Masuk Pemilih');
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Masuk Pemilih</h1>
        <p className="lead">Masuk dengan akun pemilih untuk mengikuti e-voting.</p>
        <SignedInNotice action="masuk" />
        <LoginForm
          registerLink={{ to: paths.registerPemilih, label: 'Belum punya akun? Daftar' }}
        />
      </div>
    </div>
  );
}
