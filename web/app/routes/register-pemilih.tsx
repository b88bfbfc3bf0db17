import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { RegisterVoterForm } from '../../features/auth/components/register-voter-form.tsx';
import { CampusSsoButton, SsoError } from '../../features/auth/components/campus-sso.tsx';
import { VoterDataForm } from '../../features/auth/components/voter-data-form.tsx';

/**
 * /register-pemilih: a student creates a voter account; someone signed in without voter data (a
 * campus SSO account whose provider sends no NIM, a committee member) gives their student data.
 */
export function Component() {
  const me = useMe();
  const user = me.data?.user;
  const completing = Boolean(user && !me.data?.voter && !me.data?.abilities.isAdmin);
  useDocumentTitle(completing ? 'Lengkapi Data Pemilih' : 'Daftar Pemilih');
  if (completing && user)
    return (
      <div className="container page">
        <div className="card auth-card">
          <h1>Lengkapi Data Pemilih</h1>
          <p className="lead">
            Anda masuk sebagai <strong>{user.email}</strong>. Isi NIM dan Program Studi Anda; admin
            BEM akan memverifikasinya sebelum Anda dapat memilih.
          </p>
          <VoterDataForm name={user.name} />
        </div>
      </div>
    );
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Daftar Pemilih</h1>
        <p className="lead">
          Daftarkan diri Anda sebagai pemilih, lalu buka tautan konfirmasi yang kami kirim ke email
          Anda. Admin BEM akan memverifikasi data Anda sebelum Anda dapat memilih.
        </p>
        <SignedInNotice action="daftar" />
        <SsoError />
        <RegisterVoterForm />
        <CampusSsoButton back={paths.registerPemilih} />
        <div className="form-links">
          <Link to={paths.loginPemilih}>Sudah punya akun? Masuk</Link>
        </div>
      </div>
    </div>
  );
}
