import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { RequestList } from '../../features/requests/components/request-list.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin-master/voting: the master admin decides election requests and oversees elections. */
export function Component() {
  useDocumentTitle('Kelola Pemilihan');
  return (
    <RequireRole need="master" signInPath={paths.login}>
      <div className="container page">
        <h1>Kelola Pemilihan</h1>
        <RequestList />
      </div>
    </RequireRole>
  );
}
