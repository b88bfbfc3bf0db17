import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { PageTabs } from '../../components/page-tabs.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { ElectionOversight } from '../../features/requests/components/election-oversight.tsx';
import { RequestList } from '../../features/requests/components/request-list.tsx';
import { RequireRole } from '../guards.tsx';

const TABS = [
  ['permohonan', 'Permohonan'],
  ['pemilihan', 'Semua Pemilihan'],
] as const;

/** /admin-master/voting: the master admin decides election requests and oversees elections. */
export function Component() {
  useDocumentTitle('Kelola Pemilihan');
  return (
    <RequireRole need="master" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Pemilihan" />
        <h1>Kelola Pemilihan</h1>
        <PageTabs tabs={TABS} label="Bagian kelola pemilihan">
          {(tab) => (tab === 'permohonan' ? <RequestList /> : <ElectionOversight />)}
        </PageTabs>
      </div>
    </RequireRole>
  );
}
