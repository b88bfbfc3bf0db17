import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { paths } from '../config/paths.ts';
import { RequireRole } from './guards.tsx';
import { lazyRoute } from './lazy.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { PlaceholderPage } from './routes/placeholder.tsx';

type Guard = { need: 'signedIn' | 'voter' | 'admin' | 'master'; signInPath: string };

/** A screen whose feature is still to come: its title on a plain page (lazily, like every page). */
function titled(path: string, title: string, guard?: Guard): RouteObject {
  return {
    path,
    lazy: lazyRoute(async () => ({
      Component: () => wrap(<PlaceholderPage title={title} />, guard),
    })),
  };
}

function wrap(node: ReactNode, guard?: Guard) {
  return guard ? (
    <RequireRole need={guard.need} signInPath={guard.signInPath}>
      {node}
    </RequireRole>
  ) : (
    node
  );
}

const admin: Guard = { need: 'admin', signInPath: paths.login };
const master: Guard = { need: 'master', signInPath: paths.login };

/** The seed's route table; every screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingOverlay,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          titled('/', 'Beranda'),
          titled(paths.struktur, 'Struktur Organisasi'),
          titled(paths.layanan, 'Layanan'),
          titled(paths.berita, 'Berita'),
          titled(paths.dokumen, 'Bank Dokumen'),
          titled(paths.tentang, 'Tentang'),
          { path: paths.pemilihan, lazy: lazyRoute(() => import('./routes/pemilihan.tsx')) },
          {
            path: paths.requestPemilihan,
            lazy: lazyRoute(() => import('./routes/request-pemilihan.tsx')),
          },
          { path: paths.login, lazy: lazyRoute(() => import('./routes/login.tsx')) },
          { path: paths.register, lazy: lazyRoute(() => import('./routes/register.tsx')) },
          {
            path: paths.registerPanitia,
            lazy: lazyRoute(() => import('./routes/register-panitia.tsx')),
          },
          {
            path: paths.registerPemilih,
            lazy: lazyRoute(() => import('./routes/register-pemilih.tsx')),
          },
          { path: paths.lupaSandi, lazy: lazyRoute(() => import('./routes/lupa-sandi.tsx')) },
          { path: paths.loginPemilih, lazy: lazyRoute(() => import('./routes/login-pemilih.tsx')) },
          {
            path: paths.profilPemilih,
            lazy: lazyRoute(() => import('./routes/profil-pemilih.tsx')),
          },
          {
            path: paths.dashboardPemilih,
            lazy: lazyRoute(() => import('./routes/dashboard-pemilih.tsx')),
          },
          { path: '/voting/:eventId', lazy: lazyRoute(() => import('./routes/voting.tsx')) },
          { path: '/hasil/:eventId', lazy: lazyRoute(() => import('./routes/hasil.tsx')) },
          titled(paths.admin.dashboard, 'Dashboard BEM', admin),
          { path: paths.admin.profil, lazy: lazyRoute(() => import('./routes/admin-profil.tsx')) },
          titled(paths.admin.histori, 'Histori Aktivitas', admin),
          titled(paths.admin.kelolaAdmin, 'Kelola Admin', master),
          titled(paths.admin.struktur, 'Kelola Struktur', admin),
          titled(paths.admin.dokumen, 'Kelola Dokumen', admin),
          titled(paths.admin.layanan, 'Kelola Layanan', admin),
          titled(paths.admin.kelolaBerita, 'Kelola Berita', admin),
          titled(paths.admin.kelolaTentang, 'Kelola Tentang', admin),
          {
            path: paths.admin.kelolaPemilihTerdaftar,
            lazy: lazyRoute(() => import('./routes/admin-pemilih.tsx')),
          },
          {
            path: paths.admin.masterVoting,
            lazy: lazyRoute(() => import('./routes/admin-master-voting.tsx')),
          },
          {
            path: '/panitia/:eventId',
            lazy: lazyRoute(() => import('./routes/panitia/layout.tsx')),
            children: [
              { index: true, element: <Navigate to="ringkasan" replace /> },
              {
                path: 'ringkasan',
                lazy: lazyRoute(() => import('./routes/panitia/ringkasan.tsx')),
              },
              {
                path: 'pengaturan',
                lazy: lazyRoute(() => import('./routes/panitia/pengaturan.tsx')),
              },
              { path: 'kandidat', lazy: lazyRoute(() => import('./routes/panitia/kandidat.tsx')) },
              { path: 'pemilih', lazy: lazyRoute(() => import('./routes/panitia/pemilih.tsx')) },
            ],
          },
          { path: '*', lazy: lazyRoute(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
