import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { paths } from '../config/paths.ts';
import { lazyRoute } from './lazy.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

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
          { path: '/', lazy: lazyRoute(() => import('./routes/home.tsx')) },
          { path: paths.struktur, lazy: lazyRoute(() => import('./routes/struktur.tsx')) },
          { path: paths.layanan, lazy: lazyRoute(() => import('./routes/layanan.tsx')) },
          { path: paths.berita, lazy: lazyRoute(() => import('./routes/berita.tsx')) },
          { path: '/berita/:slug', lazy: lazyRoute(() => import('./routes/berita-detail.tsx')) },
          { path: paths.dokumen, lazy: lazyRoute(() => import('./routes/dokumen.tsx')) },
          { path: paths.tentang, lazy: lazyRoute(() => import('./routes/tentang.tsx')) },
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
          {
            path: paths.admin.dashboard,
            lazy: lazyRoute(() => import('./routes/admin-dashboard.tsx')),
          },
          { path: paths.admin.profil, lazy: lazyRoute(() => import('./routes/admin-profil.tsx')) },
          {
            path: paths.admin.histori,
            lazy: lazyRoute(() => import('./routes/admin-histori.tsx')),
          },
          {
            path: paths.admin.kelolaAdmin,
            lazy: lazyRoute(() => import('./routes/admin-kelola-admin.tsx')),
          },
          {
            path: paths.admin.struktur,
            lazy: lazyRoute(() => import('./routes/admin-struktur.tsx')),
          },
          {
            path: paths.admin.dokumen,
            lazy: lazyRoute(() => import('./routes/admin-dokumen.tsx')),
          },
          {
            path: paths.admin.layanan,
            lazy: lazyRoute(() => import('./routes/admin-layanan.tsx')),
          },
          {
            path: paths.admin.kelolaBerita,
            lazy: lazyRoute(() => import('./routes/admin-berita.tsx')),
          },
          {
            path: paths.admin.kelolaTentang,
            lazy: lazyRoute(() => import('./routes/admin-tentang.tsx')),
          },
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
