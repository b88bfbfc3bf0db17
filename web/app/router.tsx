import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { lazyPage } from './lazy.ts';
import { Redirect } from './redirect.tsx';
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
      { path: '/', Component: lazyPage('home', () => import('./routes/home.tsx'), homeData) },
      {
        path: paths.struktur,
        Component: lazyPage('struktur', () => import('./routes/struktur.tsx')),
      },
      { path: paths.layanan, Component: lazyPage('layanan', () => import('./routes/layanan.tsx')) },
      { path: paths.berita, Component: lazyPage('berita', () => import('./routes/berita.tsx')) },
      {
        path: '/berita/:slug',
        Component: lazyPage('berita-detail', () => import('./routes/berita-detail.tsx')),
      },
      { path: paths.dokumen, Component: lazyPage('dokumen', () => import('./routes/dokumen.tsx')) },
      { path: paths.tentang, Component: lazyPage('tentang', () => import('./routes/tentang.tsx')) },
      {
        path: paths.pemilihan,
        Component: lazyPage('pemilihan', () => import('./routes/pemilihan.tsx')),
      },
      {
        path: '/pemilihan/:eventId/kandidat',
        Component: lazyPage('kandidat', () => import('./routes/kandidat.tsx')),
      },
      {
        path: paths.requestPemilihan,
        Component: lazyPage('request-pemilihan', () => import('./routes/request-pemilihan.tsx')),
      },
      { path: paths.login, Component: lazyPage('login', () => import('./routes/login.tsx')) },
      {
        path: paths.register,
        Component: lazyPage('register', () => import('./routes/register.tsx')),
      },
      {
        path: paths.registerPanitia,
        Component: lazyPage('register-panitia', () => import('./routes/register-panitia.tsx')),
      },
      {
        path: paths.registerPemilih,
        Component: lazyPage('register-pemilih', () => import('./routes/register-pemilih.tsx')),
      },
      {
        path: paths.lupaSandi,
        Component: lazyPage('lupa-sandi', () => import('./routes/lupa-sandi.tsx')),
      },
      {
        path: paths.konfirmasiEmail,
        Component: lazyPage('konfirmasi-email', () => import('./routes/konfirmasi-email.tsx')),
      },
      {
        path: paths.loginPemilih,
        Component: lazyPage('login-pemilih', () => import('./routes/login-pemilih.tsx')),
      },
      {
        path: paths.profilPemilih,
        Component: lazyPage('profil-pemilih', () => import('./routes/profil-pemilih.tsx')),
      },
      {
        path: paths.keamananAkun,
        Component: lazyPage('keamanan-akun', () => import('./routes/keamanan-akun.tsx')),
      },
      {
        path: paths.dashboardPemilih,
        Component: lazyPage('dashboard-pemilih', () => import('./routes/dashboard-pemilih.tsx')),
      },
      {
        path: '/voting/:eventId',
        Component: lazyPage('voting', () => import('./routes/voting.tsx')),
      },
      { path: '/hasil/:eventId', Component: lazyPage('hasil', () => import('./routes/hasil.tsx')) },
      {
        path: '/hasil/:eventId/kotak-suara',
        Component: lazyPage('kotak-suara', () => import('./routes/kotak-suara.tsx')),
      },
      {
        path: paths.verifikasi,
        Component: lazyPage('verifikasi', () => import('./routes/verifikasi.tsx')),
      },
      {
        path: paths.admin.dashboard,
        Component: lazyPage('admin-dashboard', () => import('./routes/admin-dashboard.tsx')),
      },
      {
        path: paths.admin.profil,
        Component: lazyPage('admin-profil', () => import('./routes/admin-profil.tsx')),
      },
      {
        path: paths.admin.histori,
        Component: lazyPage('admin-histori', () => import('./routes/admin-histori.tsx')),
      },
      {
        path: paths.admin.kelolaAdmin,
        Component: lazyPage('admin-kelola-admin', () => import('./routes/admin-kelola-admin.tsx')),
      },
      {
        path: paths.admin.struktur,
        Component: lazyPage('admin-struktur', () => import('./routes/admin-struktur.tsx')),
      },
      {
        path: paths.admin.dokumen,
        Component: lazyPage('admin-dokumen', () => import('./routes/admin-dokumen.tsx')),
      },
      {
        path: paths.admin.layanan,
        Component: lazyPage('admin-layanan', () => import('./routes/admin-layanan.tsx')),
      },
      {
        path: paths.admin.kelolaBerita,
        Component: lazyPage('admin-berita', () => import('./routes/admin-berita.tsx')),
      },
      {
        path: paths.admin.kelolaTentang,
        Component: lazyPage('admin-tentang', () => import('./routes/admin-tentang.tsx')),
      },
      {
        path: paths.admin.kelolaPemilihTerdaftar,
        Component: lazyPage('admin-pemilih', () => import('./routes/admin-pemilih.tsx')),
      },
      {
        path: paths.admin.masterVoting,
        Component: lazyPage(
          'admin-master-voting',
          () => import('./routes/admin-master-voting.tsx'),
        ),
      },
      {
        path: '/panitia/:eventId',
        Component: lazyPage('panitia/layout', () => import('./routes/panitia/layout.tsx')),
        children: [
          { index: true, element: <Redirect to="ringkasan" /> },
          {
            path: 'ringkasan',
            Component: lazyPage(
              'panitia/ringkasan',
              () => import('./routes/panitia/ringkasan.tsx'),
            ),
          },
          {
            path: 'pengaturan',
            Component: lazyPage(
              'panitia/pengaturan',
              () => import('./routes/panitia/pengaturan.tsx'),
            ),
          },
          {
            path: 'kandidat',
            Component: lazyPage('panitia/kandidat', () => import('./routes/panitia/kandidat.tsx')),
          },
          {
            path: 'pemilih',
            Component: lazyPage('panitia/pemilih', () => import('./routes/panitia/pemilih.tsx')),
          },
          {
            path: 'wali-kunci',
            Component: lazyPage(
              'panitia/wali-kunci',
              () => import('./routes/panitia/wali-kunci.tsx'),
            ),
          },
        ],
      },
      {
        path: '/wali-kunci/:eventId',
        Component: lazyPage('wali-kunci', () => import('./routes/wali-kunci.tsx')),
      },
      { path: '*', Component: lazyPage('not-found', () => import('./routes/not-found.tsx')) },
    ],
  },
];
