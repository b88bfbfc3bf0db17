import { AdminBreadcrumb } from '../layout/admin-breadcrumb.tsx';
import { PageTabs } from '../../components/page-tabs.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { AboutEditor } from '../../features/about/components/about-editor.tsx';
import { FooterEditor } from '../../features/site/components/footer-editor.tsx';
import { RequireRole } from '../guards.tsx';

const TABS = [
  ['tentang', 'Halaman Tentang'],
  ['footer', 'Footer Situs'],
] as const;

/** /admin/kelola-tentang: the Tentang page and the site's footer. */
export function Component() {
  useDocumentTitle('Kelola Tentang');
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <AdminBreadcrumb page="Kelola Tentang" />
        <h1>Kelola Tentang</h1>
        <PageTabs tabs={TABS} label="Bagian kelola tentang">
          {(tab) => (tab === 'tentang' ? <AboutEditor /> : <FooterEditor />)}
        </PageTabs>
      </div>
    </RequireRole>
  );
}
