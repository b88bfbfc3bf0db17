import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { JoinCommitteeForm } from '../../features/committee/components/join-committee-form.tsx';
import { RegisterCommitteeForm } from '../../features/committee/components/register-committee-form.tsx';

/** /register-panitia: committee registration with an invitation code (or joining, when signed in). */
export function Component() {
  useDocumentTitle('Daftar Panitia');
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Daftar Panitia</h1>
        {signedIn ? (
          <>
            <p className="lead">
              Anda sudah masuk. Masukkan kode undangan untuk bergabung sebagai panitia pemilihan.
            </p>
            <JoinCommitteeForm />
          </>
        ) : (
          <>
            <p className="lead">
              Buat akun panitia dengan kode undangan yang Anda terima dari admin BEM.
            </p>
            <RegisterCommitteeForm />
            <div className="form-links">
              <Link to={paths.login}>Sudah punya akun? Masuk</Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
