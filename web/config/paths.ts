/** Every URL of the web app, from one place (the spec's route table). */
export const paths = {
  home: '/',
  struktur: '/struktur',
  layanan: '/layanan',
  berita: '/berita',
  artikel: (slug: string) => `/berita/${encodeURIComponent(slug)}`,
  dokumen: '/dokumen',
  tentang: '/tentang',
  pemilihan: '/pemilihan',
  /** An election's candidates, for anyone, from its lock on. */
  kandidat: (eventId: string) => `/pemilihan/${encodeURIComponent(eventId)}/kandidat`,
  requestPemilihan: '/request-pemilihan',
  login: '/login',
  register: '/register',
  registerPanitia: '/register-panitia',
  registerPemilih: '/register-pemilih',
  lupaSandi: '/lupa-sandi',
  konfirmasiEmail: '/konfirmasi-email',
  loginPemilih: '/login-pemilih',
  profilPemilih: '/profil-pemilih',
  /** Passkeys and the authenticator app of whoever is signed in. */
  keamananAkun: '/keamanan-akun',
  dashboardPemilih: '/dashboard-pemilih',
  voting: (eventId: string) => `/voting/${encodeURIComponent(eventId)}`,
  hasil: (eventId: string) => `/hasil/${encodeURIComponent(eventId)}`,
  /** The public ballot box; `cari` opens it on a Kode Bukti. */
  kotakSuara: (eventId: string, cari?: string) =>
    `/hasil/${encodeURIComponent(eventId)}/kotak-suara${cari ? `?cari=${encodeURIComponent(cari)}` : ''}`,
  verifikasi: '/verifikasi',
  admin: {
    dashboard: '/admin',
    profil: '/admin/profil',
    histori: '/admin/histori',
    kelolaAdmin: '/admin/kelola-admin',
    struktur: '/admin/struktur',
    dokumen: '/admin/dokumen',
    layanan: '/admin/layanan',
    kelolaBerita: '/admin/kelola-berita',
    kelolaTentang: '/admin/kelola-tentang',
    kelolaPemilihTerdaftar: '/admin/kelola-pemilih-terdaftar',
    masterVoting: '/admin-master/voting',
  },
  panitia: (eventId: string) => `/panitia/${encodeURIComponent(eventId)}`,
  /** A trustee's own steps: the key ceremony, the key check, the decryption. */
  waliKunci: (eventId: string) => `/wali-kunci/${encodeURIComponent(eventId)}`,
} as const;
