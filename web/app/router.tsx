import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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

const voter: Guard = { need: 'voter', signInPath: paths.loginPemilih };
const admin: Guard = { need: 'admin', signInPath: paths.login };
const master: Guard = { need: 'master', signInPath: paths.login };
const signedIn: Guard = { need: 'signedIn', signInPath: paths.login };

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
          titled(paths.pemilihan, 'E-Voting'),
          titled(paths.requestPemilihan, 'Ajukan Pemilihan'),
          { path: paths.login, lazy: lazyRoute(() => import('./routes/login.tsx')) },
          { path: paths.register, lazy: lazyRoute(() => import('./routes/register.tsx')) },
          titled(paths.registerPanitia, 'Daftar Panitia'),
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
          titled('/voting/:eventId', 'Pemungutan Suara', voter),
          titled('/hasil/:eventId', 'Hasil Pemilihan'),
          titled(paths.admin.dashboard, 'Dashboard BEM', admin),
          { path: paths.admin.profil, lazy: lazyRoute(() => import('./routes/admin-profil.tsx')) },
          titled(paths.admin.histori, 'Histori Aktivitas', admin),
          titled(paths.admin.kelolaAdmin, 'Kelola Admin', master),
          titled(paths.admin.struktur, 'Kelola Struktur', admin),
          titled(paths.admin.dokumen, 'Kelola Dokumen', admin),
          titled(paths.admin.layanan, 'Kelola Layanan', admin),
          titled(paths.admin.kelolaBerita, 'Kelola Berita', admin),
          titled(paths.admin.kelolaTentang, 'Kelola Tentang', admin),
          titled(paths.admin.kelolaPemilihTerdaftar, 'Kelola Pemilih Terdaftar', admin),
          titled(paths.admin.masterVoting, 'Kelola Pemilihan', master),
          titled('/panitia/:eventId/*', 'Panitia Pemilihan', signedIn),
          { path: '*', lazy: lazyRoute(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
