import { useId, useState } from 'react';
import { useMe } from '../../features/auth/api/get-me.ts';
import { Link, NavLink } from '../../components/link.tsx';
import { paths } from '../../config/paths.ts';
import '../../styles/admin.css';

/**
 * Every admin screen, named as its heading and the dashboard's card name it (Kelola Admin and
 * Kelola Pemilihan: master admins only).
 */
function adminScreens(isMaster: boolean) {
  return [
    { to: paths.admin.kelolaBerita, label: 'Kelola Berita' },
    { to: paths.admin.dokumen, label: 'Kelola Dokumen' },
    { to: paths.admin.layanan, label: 'Kelola Layanan' },
    { to: paths.admin.struktur, label: 'Kelola Struktur Organisasi' },
    { to: paths.admin.kelolaTentang, label: 'Kelola Tentang' },
    { to: paths.admin.kelolaPemilihTerdaftar, label: 'Kelola Pemilih Terdaftar' },
    { to: paths.admin.histori, label: 'Histori Aktivitas' },
    ...(isMaster
      ? [
          { to: paths.admin.kelolaAdmin, label: 'Kelola Admin' },
          { to: paths.admin.masterVoting, label: 'Kelola Pemilihan' },
        ]
      : []),
  ];
}

/**
 * The top of every admin screen but the dashboard (the hub, whose cards list the same screens):
 * the admin menu, then the way back, "Dashboard BEM / {page}". On a wide screen the menu is one
 * row with the open screen marked; on a phone it is a button naming the open screen that folds
 * the whole list out, so no item is ever cut at the screen's edge.
 */
export function AdminBreadcrumb({ page }: { page: string }) {
  const me = useMe();
  const isMaster = me.data?.abilities.isMaster ?? false;
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <nav aria-label="Menu admin" className={open ? 'admin-nav open' : 'admin-nav'}>
        <button
          type="button"
          className="admin-nav-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>
            Menu admin<span className="visually-hidden">, halaman ini:</span>
            <span aria-hidden="true"> · </span>
            <strong>{page}</strong>
          </span>
          <span aria-hidden="true" className="admin-nav-caret">
            {open ? '▴' : '▾'}
          </span>
        </button>
        <ul id={listId}>
          {adminScreens(isMaster).map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} onClick={() => setOpen(false)}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Lokasi halaman" className="admin-breadcrumb">
        <ol>
          <li>
            <Link to={paths.admin.dashboard}>Dashboard BEM</Link>
          </li>
          <li aria-current="page">{page}</li>
        </ol>
      </nav>
    </>
  );
}
