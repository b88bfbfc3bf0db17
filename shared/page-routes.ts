/**
 * The web app's page routes (web/app/router.tsx, the seed's route table), as patterns: `:name`
 * stands for one path segment. The server answers a page outside them 404 (the web app still
 * shows its not-found page); a unit test keeps this list equal to the router's.
 */
export const PAGE_ROUTES = [
  '/',
  '/struktur',
  '/layanan',
  '/berita',
  '/berita/:slug',
  '/dokumen',
  '/tentang',
  '/pemilihan',
  '/pemilihan/:eventId/kandidat',
  '/request-pemilihan',
  '/login',
  '/register',
  '/register-panitia',
  '/register-pemilih',
  '/lupa-sandi',
  '/konfirmasi-email',
  '/login-pemilih',
  '/profil-pemilih',
  '/keamanan-akun',
  '/dashboard-pemilih',
  '/voting/:eventId',
  '/hasil/:eventId',
  '/hasil/:eventId/kotak-suara',
  '/verifikasi',
  '/admin',
  '/admin/profil',
  '/admin/histori',
  '/admin/kelola-admin',
  '/admin/struktur',
  '/admin/dokumen',
  '/admin/layanan',
  '/admin/kelola-berita',
  '/admin/kelola-tentang',
  '/admin/kelola-pemilih-terdaftar',
  '/admin-master/voting',
  '/panitia/:eventId',
  '/panitia/:eventId/ringkasan',
  '/panitia/:eventId/pengaturan',
  '/panitia/:eventId/kandidat',
  '/panitia/:eventId/pemilih',
  '/panitia/:eventId/wali-kunci',
  '/wali-kunci/:eventId',
] as const;

const split = (path: string) => path.split('/').filter(Boolean);
const patterns = PAGE_ROUTES.map(split);

/** True when a path (a trailing slash allowed, as the router allows it) is one of the pages. */
export function isPageRoute(path: string): boolean {
  const segments = split(path);
  if (path.includes('//')) return false;
  return patterns.some(
    (p) =>
      p.length === segments.length &&
      // Static parts compare without case, as the web router matches them.
      p.every((part, i) =>
        part.startsWith(':') ? segments[i] !== '' : part === segments[i]!.toLowerCase(),
      ),
  );
}
