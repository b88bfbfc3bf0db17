import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { DocumentAdmin } from '../../features/documents/components/document-admin.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin/dokumen: admins manage the Bank Dokumen. */
export function Component() {
  useDocumentTitle('Kelola Dokumen');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Dokumen" />
        <h1>Kelola Dokumen</h1>
        <DocumentAdmin />
      </div>
    </RequireRole>
  );
}
