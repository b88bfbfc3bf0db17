import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { RequireRole } from '../guards.tsx';
import { AccountSecurity } from '../../features/profile/components/account-security.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useOwnVoter } from '../../features/profile/api/own-voter.ts';
import { VoterProfileForm } from '../../features/profile/components/voter-profile-form.tsx';
import { Alert } from '../../components/alert.tsx';

function VoterProfile() {
  const voter = useOwnVoter();
  if (voter.isPending) return <p role="status">Memuat...</p>;
  if (voter.isError) return <Alert kind="error">{voter.error.message}</Alert>;
  return <VoterProfileForm voter={voter.data} />;
}

/** The Keamanan Akun section: passkeys, and the authenticator app where allowed. */
function SecurityOnProfile() {
  const me = useMe();
  return me.data?.user ? <AccountSecurity secondFactor={me.data.secondFactor} /> : null;
}

/** /profil-pemilih: Edit Profil Pemilih. */
export function Component() {
  useDocumentTitle('Edit Profil Pemilih');
  return (
    <RequireRole need="voter" signInPath={paths.loginPemilih}>
      <div className="container page">
        <h1>Edit Profil Pemilih</h1>
        <VoterProfile />
        <ChangePasswordForm />
        <SecurityOnProfile />
      </div>
    </RequireRole>
  );
}
