import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { Alert } from '../../components/alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useOwnAdmin } from '../../features/profile/api/own-admin.ts';
import { AdminProfileForm } from '../../features/profile/components/admin-profile-form.tsx';
import { RequireRole } from '../guards.tsx';
import { AccountSecurity } from '../../features/profile/components/account-security.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';

function AdminProfile() {
  const admin = useOwnAdmin();
  if (admin.isPending) return <p role="status">Memuat...</p>;
  if (admin.isError) return <Alert kind="error">{admin.error.message}</Alert>;
  return <AdminProfileForm admin={admin.data} />;
}

/** The Keamanan Akun section: passkeys, and the authenticator app where allowed. */
function SecurityOnProfile() {
  const me = useMe();
  return me.data?.user ? <AccountSecurity secondFactor={me.data.secondFactor} /> : null;
}

/** /admin/profil: the admin's own profile. */
export function Component() {
  useDocumentTitle('Edit Profil Admin');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Edit Profil Admin" />
        <h1>Edit Profil Admin</h1>
        <AdminProfile />
        <ChangePasswordForm />
        <SecurityOnProfile />
      </div>
    </RequireRole>
  );
}
