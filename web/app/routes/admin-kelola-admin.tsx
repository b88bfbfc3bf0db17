import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { AddAdminForm } from '../../features/admins/components/add-admin-form.tsx';
import { AdminList } from '../../features/admins/components/admin-list.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin/kelola-admin: the master adds admins, changes roles, deactivates and reactivates. */
export function Component() {
  useDocumentTitle('Kelola Admin');
  const me = useMe();
  return (
    <RequireRole need="master" signInPath={paths.login}>
      <div className="container page admin-page">
        <AdminBreadcrumb page="Kelola Admin" />
        <h1>Kelola Admin</h1>
        <p className="lead">
          Tambah admin lewat email, ubah peran, dan nonaktifkan admin yang tidak bertugas lagi.
          Setiap perubahan tercatat di <Link to={paths.admin.histori}>Histori Aktivitas</Link>.
        </p>
        <div className="admin-manage">
          <AddAdminForm />
          <AdminList selfId={me.data?.user?.id ?? ''} />
        </div>
      </div>
    </RequireRole>
  );
}
