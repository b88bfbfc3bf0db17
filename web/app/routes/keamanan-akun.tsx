import { Alert } from '../../components/alert.tsx';
import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { landingPath, useMe } from '../../features/auth/api/get-me.ts';
import { AccountSecurity } from '../../features/profile/components/account-security.tsx';
import { RequireRole } from '../guards.tsx';

function Security() {
  const me = useMe();
  if (!me.data?.user) return null;
  const held = me.data.secondFactor.hold.length > 0;
  const back = landingPath(me.data);
  return (
    <>
      <AccountSecurity secondFactor={me.data.secondFactor} standalone />
      {held ? null : back !== paths.keamananAkun && back !== '/' ? (
        <p>
          <Link to={back}>Kembali ke Dashboard</Link>
        </p>
      ) : null}
      {me.isError ? <Alert kind="error">{me.error.message}</Alert> : null}
    </>
  );
}

/**
 * /keamanan-akun: passkeys and the authenticator app of whoever is signed in (committee members
 * have no other profile screen); an admin held for a required factor is kept here until added.
 */
export function Component() {
  useDocumentTitle('Keamanan Akun');
  return (
    <RequireRole need="signedIn" signInPath={paths.login}>
      <div className="container page narrow-page">
        <h1>Keamanan Akun</h1>
        <p className="lead">Cara Anda membuktikan diri saat masuk, selain kata sandi.</p>
        <Security />
      </div>
    </RequireRole>
  );
}
