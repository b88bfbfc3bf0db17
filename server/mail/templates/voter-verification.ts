import { escapeHtml } from '../escape-html.ts';

/** Sent when an admin rejects a voter registration. */
export function voterRejectedMail(p: { nama: string; alasan: string; profileUrl: string }) {
  const lines = [
    `Halo ${p.nama},`,
    'Pendaftaran Anda sebagai pemilih belum dapat diverifikasi oleh admin BEM.',
    `Alasan: ${p.alasan}`,
    `Perbaiki data Anda di ${p.profileUrl}; setelah disimpan, data Anda akan diperiksa kembali.`,
    'BEM Politeknik Teknologi Nuklir Indonesia',
  ];
  return {
    subject: 'Pendaftaran pemilih Anda perlu diperbaiki',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}

/** Sent when a registration is verified (one by one or from the official list). */
export function voterVerifiedMail(p: { nama: string; dashboardUrl: string }) {
  const lines = [
    `Halo ${p.nama},`,
    'Pendaftaran Anda sebagai pemilih sudah diverifikasi oleh admin BEM.',
    'Anda dapat memilih pada setiap pemilihan yang daftar pemilihnya memuat Anda. Saat pemilihan dikunci, kredensial pemilihan dikirim ke email ini bersama jadwal pemungutan suaranya.',
    `Lihat pemilihan Anda di ${p.dashboardUrl}.`,
    'BEM Politeknik Teknologi Nuklir Indonesia',
  ];
  return {
    subject: 'Pendaftaran pemilih Anda sudah diverifikasi',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}
