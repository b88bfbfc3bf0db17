import { useEffect, useRef } from 'react';
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
 * the admin menu — one row, scrolled sideways on a phone, the open screen marked — then the way
 * back, "Dashboard BEM / {page}".
 */
export function AdminBreadcrumb({ page }: { page: string }) {
  const me = useMe();
  const isMaster = me.data?.abilities.isMaster ?? false;
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the open screen's item is brought into view.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [page, isMaster]);
  return (
    <>
      <nav aria-label="Menu admin" className="admin-nav" ref={nav}>
        <ul>
          {adminScreens(isMaster).map((s) => (
            <li key={s.to}>
              <NavLink to={s.to}>{s.label}</NavLink>
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
