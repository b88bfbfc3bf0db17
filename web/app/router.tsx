import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { lazyPage } from './lazy.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { homeData } from './prefetch.ts';

/**
 * The seed's route table, rendered by useRoutes (main.tsx); every screen is its own lazily loaded
 * chunk. The shell (RootLayout) shows the loading overlay and the reload message for them.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { path: '/', Component: lazyPage(() => import('./routes/home.tsx'), homeData) },
      { path: paths.struktur, Component: lazyPage(() => import('./routes/struktur.tsx')) },
      { path: paths.layanan, Component: lazyPage(() => import('./routes/layanan.tsx')) },
      { path: paths.berita, Component: lazyPage(() => import('./routes/berita.tsx')) },
      {
        path: '/berita/:slug',
        Component: lazyPage(() => import('./routes/berita-detail.tsx')),
      },
      { path: paths.dokumen, Component: lazyPage(() => import('./routes/dokumen.tsx')) },
      { path: paths.tentang, Component: lazyPage(() => import('./routes/tentang.tsx')) },
      { path: paths.pemilihan, Component: lazyPage(() => import('./routes/pemilihan.tsx')) },
      {
        path: '/pemilihan/:eventId/kandidat',
        Component: lazyPage(() => import('./routes/kandidat.tsx')),
      },
      {
        path: paths.requestPemilihan,
        Component: lazyPage(() => import('./routes/request-pemilihan.tsx')),
      },
      { path: paths.login, Component: lazyPage(() => import('./routes/login.tsx')) },
      { path: paths.register, Component: lazyPage(() => import('./routes/register.tsx')) },
      {
        path: paths.registerPanitia,
        Component: lazyPage(() => import('./routes/register-panitia.tsx')),
      },
      {
        path: paths.registerPemilih,
        Component: lazyPage(() => import('./routes/register-pemilih.tsx')),
      },
      { path: paths.lupaSandi, Component: lazyPage(() => import('./routes/lupa-sandi.tsx')) },
      {
        path: paths.konfirmasiEmail,
        Component: lazyPage(() => import('./routes/konfirmasi-email.tsx')),
      },
      {
        path: paths.loginPemilih,
        Component: lazyPage(() => import('./routes/login-pemilih.tsx')),
      },
      {
        path: paths.profilPemilih,
        Component: lazyPage(() => import('./routes/profil-pemilih.tsx')),
      },
      {
        path: paths.dashboardPemilih,
        Component: lazyPage(() => import('./routes/dashboard-pemilih.tsx')),
      },
      { path: '/voting/:eventId', Component: lazyPage(() => import('./routes/voting.tsx')) },
      { path: '/hasil/:eventId', Component: lazyPage(() => import('./routes/hasil.tsx')) },
      {
        path: '/hasil/:eventId/kotak-suara',
        Component: lazyPage(() => import('./routes/kotak-suara.tsx')),
      },
      { path: paths.verifikasi, Component: lazyPage(() => import('./routes/verifikasi.tsx')) },
      {
        path: paths.admin.dashboard,
        Component: lazyPage(() => import('./routes/admin-dashboard.tsx')),
      },
      {
        path: paths.admin.profil,
        Component: lazyPage(() => import('./routes/admin-profil.tsx')),
      },
      {
        path: paths.admin.histori,
        Component: lazyPage(() => import('./routes/admin-histori.tsx')),
      },
      {
        path: paths.admin.kelolaAdmin,
        Component: lazyPage(() => import('./routes/admin-kelola-admin.tsx')),
      },
      {
        path: paths.admin.struktur,
        Component: lazyPage(() => import('./routes/admin-struktur.tsx')),
      },
      {
        path: paths.admin.dokumen,
        Component: lazyPage(() => import('./routes/admin-dokumen.tsx')),
      },
      {
        path: paths.admin.layanan,
        Component: lazyPage(() => import('./routes/admin-layanan.tsx')),
      },
      {
        path: paths.admin.kelolaBerita,
        Component: lazyPage(() => import('./routes/admin-berita.tsx')),
      },
      {
        path: paths.admin.kelolaTentang,
        Component: lazyPage(() => import('./routes/admin-tentang.tsx')),
      },
      {
        path: paths.admin.kelolaPemilihTerdaftar,
        Component: lazyPage(() => import('./routes/admin-pemilih.tsx')),
      },
      {
        path: paths.admin.masterVoting,
        Component: lazyPage(() => import('./routes/admin-master-voting.tsx')),
      },
      {
        path: '/panitia/:eventId',
        Component: lazyPage(() => import('./routes/panitia/layout.tsx')),
        children: [
          { index: true, element: <Navigate to="ringkasan" replace /> },
          {
            path: 'ringkasan',
            Component: lazyPage(() => import('./routes/panitia/ringkasan.tsx')),
          },
          {
            path: 'pengaturan',
            Component: lazyPage(() => import('./routes/panitia/pengaturan.tsx')),
          },
          {
            path: 'kandidat',
            Component: lazyPage(() => import('./routes/panitia/kandidat.tsx')),
          },
          {
            path: 'pemilih',
            Component: lazyPage(() => import('./routes/panitia/pemilih.tsx')),
          },
          {
            path: 'wali-kunci',
            Component: lazyPage(() => import('./routes/panitia/wali-kunci.tsx')),
          },
        ],
      },
      {
        path: '/wali-kunci/:eventId',
        Component: lazyPage(() => import('./routes/wali-kunci.tsx')),
      },
      { path: '*', Component: lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];
