import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { ArticleManager } from '../../features/news/components/article-manager.tsx';
import { RequireRole } from '../guards.tsx';

/** /admin/kelola-berita: admins write, publish, schedule and remove news. */
export function Component() {
  useDocumentTitle('Kelola Berita');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Berita" />
        <h1>Kelola Berita</h1>
        <ArticleManager />
      </div>
    </RequireRole>
  );
}
