import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { AdminDashboard } from '../../features/admin-dashboard/components/dashboard.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { RequireRole } from '../guards.tsx';

/** /admin: where admins land after signing in and navigate from. */
export function Component() {
  useDocumentTitle('Dashboard BEM');
  const me = useMe();
  const admin = me.data?.admin;
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page admin-page">
        <AdminDashboard
          name={admin?.namaTampilan || admin?.namaLengkap || ''}
          isMaster={me.data?.abilities.isMaster ?? false}
        />
      </div>
    </RequireRole>
  );
}
