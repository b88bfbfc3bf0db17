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
