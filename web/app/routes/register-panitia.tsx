import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { JoinCommitteeForm } from '../../features/committee/components/join-committee-form.tsx';
import { RegisterCommitteeForm } from '../../features/committee/components/register-committee-form.tsx';

/**
 * /register-panitia: registration with an invitation code, as a committee member or a candidate
 * pair's witness (or joining, when signed in).
 */
export function Component() {
  useDocumentTitle('Daftar Panitia atau Saksi');
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Daftar Panitia atau Saksi</h1>
        {signedIn ? (
          <>
            <p className="lead">
              Anda sudah masuk. Masukkan kode undangan untuk bergabung sebagai panitia atau saksi
              pemilihan.
            </p>
            <JoinCommitteeForm />
          </>
        ) : (
          <>
            <p className="lead">
              Buat akun dengan kode undangan yang Anda terima: kode panitia dari admin BEM, atau
              kode saksi dari panitia pemilihan.
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
