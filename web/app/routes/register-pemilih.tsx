import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { RegisterVoterForm } from '../../features/auth/components/register-voter-form.tsx';

/** /register-pemilih: a student creates a voter account. */
export function Component() {
  useDocumentTitle('Daftar Pemilih');
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Daftar Pemilih</h1>
        <p className="lead">
          Daftarkan diri Anda sebagai pemilih, lalu buka tautan konfirmasi yang kami kirim ke email
          Anda. Admin BEM akan memverifikasi data Anda sebelum Anda dapat memilih.
        </p>
        <SignedInNotice action="daftar" />
        <RegisterVoterForm />
        <div className="form-links">
          <Link to={paths.loginPemilih}>Sudah punya akun? Masuk</Link>
        </div>
      </div>
    </div>
  );
}
