import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { ServiceAdmin } from '../../features/services/components/service-admin.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin/layanan: admins manage the services. */
export function Component() {
  useDocumentTitle('Kelola Layanan');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Layanan" />
        <h1>Kelola Layanan</h1>
        <ServiceAdmin />
      </div>
    </RequireRole>
  );
}
