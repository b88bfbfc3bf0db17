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
      { path: '/', Component: lazyPage('home', homeData) },
      { path: paths.struktur, Component: lazyPage('struktur') },
      { path: paths.layanan, Component: lazyPage('layanan') },
      { path: paths.berita, Component: lazyPage('berita') },
      {
        path: '/berita/:slug',
        Component: lazyPage('berita-detail'),
      },
      { path: paths.dokumen, Component: lazyPage('dokumen') },
      { path: paths.tentang, Component: lazyPage('tentang') },
      { path: paths.pemilihan, Component: lazyPage('pemilihan') },
      {
        path: '/pemilihan/:eventId/kandidat',
        Component: lazyPage('kandidat'),
      },
      {
        path: paths.requestPemilihan,
        Component: lazyPage('request-pemilihan'),
      },
      { path: paths.login, Component: lazyPage('login') },
      { path: paths.register, Component: lazyPage('register') },
      {
        path: paths.registerPanitia,
        Component: lazyPage('register-panitia'),
      },
      {
        path: paths.registerPemilih,
        Component: lazyPage('register-pemilih'),
      },
      { path: paths.lupaSandi, Component: lazyPage('lupa-sandi') },
      {
        path: paths.konfirmasiEmail,
        Component: lazyPage('konfirmasi-email'),
      },
      {
        path: paths.loginPemilih,
        Component: lazyPage('login-pemilih'),
      },
      {
        path: paths.profilPemilih,
        Component: lazyPage('profil-pemilih'),
      },
      {
        path: paths.dashboardPemilih,
        Component: lazyPage('dashboard-pemilih'),
      },
      { path: '/voting/:eventId', Component: lazyPage('voting') },
      { path: '/hasil/:eventId', Component: lazyPage('hasil') },
      {
        path: '/hasil/:eventId/kotak-suara',
        Component: lazyPage('kotak-suara'),
      },
      { path: paths.verifikasi, Component: lazyPage('verifikasi') },
      {
        path: paths.admin.dashboard,
        Component: lazyPage('admin-dashboard'),
      },
      {
        path: paths.admin.profil,
        Component: lazyPage('admin-profil'),
      },
      {
        path: paths.admin.histori,
        Component: lazyPage('admin-histori'),
      },
      {
        path: paths.admin.kelolaAdmin,
        Component: lazyPage('admin-kelola-admin'),
      },
      {
        path: paths.admin.struktur,
        Component: lazyPage('admin-struktur'),
      },
      {
        path: paths.admin.dokumen,
        Component: lazyPage('admin-dokumen'),
      },
      {
        path: paths.admin.layanan,
        Component: lazyPage('admin-layanan'),
      },
      {
        path: paths.admin.kelolaBerita,
        Component: lazyPage('admin-berita'),
      },
      {
        path: paths.admin.kelolaTentang,
        Component: lazyPage('admin-tentang'),
      },
      {
        path: paths.admin.kelolaPemilihTerdaftar,
        Component: lazyPage('admin-pemilih'),
      },
      {
        path: paths.admin.masterVoting,
        Component: lazyPage('admin-master-voting'),
      },
      {
        path: '/panitia/:eventId',
        Component: lazyPage('panitia/layout'),
        children: [
          { index: true, element: <Redirect to="ringkasan" /> },
          {
            path: 'ringkasan',
            Component: lazyPage('panitia/ringkasan'),
          },
          {
            path: 'pengaturan',
            Component: lazyPage('panitia/pengaturan'),
          },
          {
            path: 'kandidat',
            Component: lazyPage('panitia/kandidat'),
          },
          {
            path: 'pemilih',
            Component: lazyPage('panitia/pemilih'),
          },
          {
            path: 'wali-kunci',
            Component: lazyPage('panitia/wali-kunci'),
          },
        ],
      },
      {
        path: '/wali-kunci/:eventId',
        Component: lazyPage('wali-kunci'),
      },
      { path: '*', Component: lazyPage('not-found') },
    ],
  },
];
