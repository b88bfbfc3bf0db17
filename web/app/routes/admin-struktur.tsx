import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { StructureAdmin } from '../../features/structure/components/structure-admin.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin/struktur: periods, divisions and people of the organisation. */
export function Component() {
  useDocumentTitle('Kelola Struktur');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Struktur Organisasi" />
        <h1>Kelola Struktur Organisasi</h1>
        <StructureAdmin />
      </div>
    </RequireRole>
  );
}
