import { paths } from '../../config/paths.ts';

export const ROLE_LABELS: Record<string, string> = {
  master: 'Master',
  admin: 'Admin',
  panitia: 'Panitia',
  saksi: 'Saksi',
  pemilih: 'Pemilih',
  sistem: 'Sistem',
  publik: 'Publik',
};

const ENTITY_LABELS: Record<string, string> = {
  admin: 'Admin',
  article: 'Berita',
  candidate: 'Kandidat',
  committee: 'Panitia',
  document: 'Dokumen',
  election: 'Pemilihan',
  'election-request': 'Permohonan pemilihan',
  'org-division': 'Divisi struktur',
  'org-member': 'Anggota struktur',
  'org-period': 'Periode kepengurusan',
  roll: 'Daftar pemilih (DPT)',
  service: 'Layanan',
  'site-settings': 'Pengaturan situs',
  voter: 'Pemilih',
  witness: 'Saksi',
};

const VERBS: Record<string, string> = {
  added: 'ditambahkan',
  approved: 'disetujui',
  archived: 'diarsipkan',
  'bulk-verified': 'diverifikasi massal',
  created: 'dibuat',
  deactivated: 'dinonaktifkan',
  deleted: 'dihapus',
  extended: 'diperpanjang',
  imported: 'diimpor',
  'invitation-issued': 'kode undangan diterbitkan',
  'invitation-revoked': 'kode undangan dicabut',
  joined: 'bergabung',
  locked: 'dikunci',
  'made-current': 'dijadikan periode aktif',
  'member-added': 'anggota ditambahkan',
  'member-removed': 'anggota dikeluarkan',
  moved: 'dipindahkan',
  published: 'hasil diumumkan',
  reactivated: 'diaktifkan kembali',
  registered: 'mendaftar',
  rejected: 'ditolak',
  removed: 'dihapus',
  'role-changed': 'peran diubah',
  sealed: 'disegel',
  'settings-updated': 'pengaturan diubah',
  submitted: 'diajukan',
  updated: 'diubah',
  verified: 'diverifikasi',
};

export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;
export const entityLabel = (type: string) => ENTITY_LABELS[type] ?? type;

/** "voter.verified" → "Pemilih diverifikasi"; an unknown code is shown as it is. */
export function actionLabel(action: string): string {
  const dot = action.indexOf('.');
  if (dot < 0) return action;
  const noun = ENTITY_LABELS[action.slice(0, dot)];
  const verb = VERBS[action.slice(dot + 1)];
  return noun && verb ? `${noun} ${verb}` : action;
}

/** Where an entry's item is managed, when there is such a screen this person may open. */
export function entityLink(
  e: { entityType: string; electionId: string | null },
  isMaster: boolean,
): string | null {
  switch (e.entityType) {
    case 'admin':
      return isMaster ? paths.admin.kelolaAdmin : null;
    case 'article':
      return paths.admin.kelolaBerita;
    case 'document':
      return paths.admin.dokumen;
    case 'service':
      return paths.admin.layanan;
    case 'org-division':
    case 'org-member':
    case 'org-period':
      return paths.admin.struktur;
    case 'voter':
      return paths.admin.kelolaPemilihTerdaftar;
    case 'election-request':
      return isMaster ? paths.admin.masterVoting : null;
    case 'election':
    case 'candidate':
      return isMaster && e.electionId ? paths.panitia(e.electionId) : null;
    default:
      return null;
  }
}
