import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { VoterVerification } from '../../features/verification/components/voter-verification.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin/kelola-pemilih-terdaftar: admins verify who is a student. */
export function Component() {
  useDocumentTitle('Kelola Pemilih Terdaftar');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Pemilih Terdaftar" />
        <h1>Kelola Pemilih Terdaftar</h1>
        <VoterVerification />
      </div>
    </RequireRole>
  );
}
