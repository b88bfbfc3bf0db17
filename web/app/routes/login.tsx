import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/** /login: sign-in for admins and committee members. */
export function Component() {
  useDocumentTitle('Masuk');
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Masuk</h1>
        <p className="lead">Untuk admin BEM dan panitia pemilihan.</p>
        <SignedInNotice action="masuk" />
        <LoginForm />
        <p className="field-hint" style={{ marginTop: '1.25rem' }}>
          Mahasiswa yang ingin memilih? <Link to={paths.loginPemilih}>Masuk sebagai pemilih</Link>.
        </p>
      </div>
    </div>
  );
}
