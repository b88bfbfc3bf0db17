/** A voter's verification status in words: the badge, its tone and what it means for them. */
export const voterStatusText = {
  pending: {
    label: 'Menunggu verifikasi',
    tone: 'pending',
    help: 'Admin BEM sedang memeriksa data Anda. Anda dapat memilih setelah terverifikasi.',
  },
  verified: {
    label: 'Terverifikasi',
    tone: 'ok',
    help: 'Data Anda sudah diverifikasi. Anda dapat memilih pada pemilihan yang Anda ikuti.',
  },
  rejected: {
    label: 'Ditolak',
    tone: 'bad',
    help: 'Periksa alasan di bawah, perbaiki data di profil Anda, lalu tunggu verifikasi ulang.',
  },
} as const;
