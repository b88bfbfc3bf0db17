import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { ActivityHistory } from '../../features/activity/components/activity-history.tsx';
import { ChainStatus } from '../../features/activity/components/chain-status.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { RequireRole } from '../guards.tsx';

/** /admin/histori: Histori Aktivitas, read from the append-only, hash-chained audit log. */
export function Component() {
  useDocumentTitle('Histori Aktivitas');
  const me = useMe();
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page admin-page">
        <AdminBreadcrumb page="Histori Aktivitas" />
        <h1>Histori Aktivitas</h1>
        <p className="lead">
          Setiap perubahan oleh admin dan panitia: siapa, kapan, apa, dan pada item mana. Catatan
          tidak dapat diubah atau dihapus, dan setiap entri terkunci pada entri sebelumnya.
        </p>
        <ChainStatus />
        <ActivityHistory isMaster={me.data?.abilities.isMaster ?? false} />
      </div>
    </RequireRole>
  );
}
