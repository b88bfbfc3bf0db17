import { Link } from './link.tsx';
import { paths } from '../config/paths.ts';

/**
 * The way back from an admin page to Dashboard BEM, the admins' hub: "Dashboard BEM / {page}",
 * the page itself marked as the current one.
 */
export function AdminBreadcrumb({ page }: { page: string }) {
  return (
    <nav aria-label="Lokasi halaman" className="admin-breadcrumb">
      <ol>
        <li>
          <Link to={paths.admin.dashboard}>Dashboard BEM</Link>
        </li>
        <li aria-current="page">{page}</li>
      </ol>
    </nav>
  );
}
