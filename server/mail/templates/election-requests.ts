import { formatWib } from '../../../shared/wib.ts';
import { escapeHtml } from '../escape-html.ts';

const SIGNATURE = 'BEM Politeknik Teknologi Nuklir Indonesia';

/** A mail of plain paragraphs with the BEM signature, as text and escaped HTML. */
export function mail(subject: string, paragraphs: string[]) {
  const text = [...paragraphs, '', SIGNATURE].join('\n\n');
  const html = [...paragraphs, SIGNATURE]
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { subject, text, html };
}

/**
 * Text a visitor typed, as these mails quote it: on one line, at most 120 characters, inside
 * quotation marks (the HTML part escapes it). Subjects never carry it.
 */
export function quoted(text: string): string {
  return `"${oneLine(text)}"`;
}

/** A name as one line of at most 120 characters, as a greeting holds it (no quotes). */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

type Req = {
  namaPemohon: string;
  namaPemilihan: string;
  penyelenggara: string;
  waktuMulai: Date;
  waktuSelesai: Date;
};

/**
 * Sent to the address a visitor gave when a request is submitted: anyone can cause it, so its
 * subject is fixed and it quotes only the election's name, on one line.
 */
export const requestReceivedMail = (r: Req) =>
  mail('Permohonan pemilihan Anda telah diterima', [
    'Halo,',
    `Permohonan pemilihan dengan nama ${quoted(r.namaPemilihan)} telah kami terima dan akan ditinjau oleh admin master BEM.`,
    `Jadwal yang diajukan: ${formatWib(r.waktuMulai)} sampai ${formatWib(r.waktuSelesai)}.`,
    'Anda akan menerima email lagi setelah permohonan disetujui atau ditolak. Jika Anda tidak mengajukan permohonan ini, abaikan email ini.',
  ]);

/** Sent to every master admin when a request arrives: what is asked and where to decide. */
export const requestForMastersMail = (r: Req & { emailPemohon: string; url: string }) =>
  mail('Permohonan pemilihan baru menunggu keputusan', [
    'Halo,',
    `Ada permohonan pemilihan baru yang menunggu keputusan admin master: ${quoted(r.namaPemilihan)} oleh ${quoted(r.penyelenggara)}, diajukan oleh ${quoted(r.namaPemohon)} (${r.emailPemohon}).`,
    `Jadwal yang diajukan: ${formatWib(r.waktuMulai)} sampai ${formatWib(r.waktuSelesai)}.`,
    `Tinjau, setujui, atau tolak permohonan ini di ${r.url}.`,
  ]);

/** Sent when the master admin approves: carries the committee invitation code. */
export const requestApprovedMail = (
  r: Req & { code: string; expiresAt: Date; registerUrl: string },
) =>
  mail('Permohonan pemilihan Anda disetujui', [
    `Halo ${oneLine(r.namaPemohon)},`,
    `Permohonan pemilihan ${quoted(r.namaPemilihan)} telah disetujui. Panitia pemilihan dapat mendaftar dengan kode undangan berikut:`,
    `Kode Undangan: ${r.code}`,
    `Daftar sebagai panitia di ${r.registerUrl} dengan alamat email ini (kode hanya berlaku untuk alamat ini, sekali, sampai ${formatWib(r.expiresAt)}). Anggota panitia lain diundang oleh admin master BEM, masing-masing dengan kodenya sendiri.`,
  ]);

/** Sent when the master admin rejects, with the reason. */
export const requestRejectedMail = (r: Req & { alasan: string }) =>
  mail('Permohonan pemilihan Anda tidak disetujui', [
    `Halo ${oneLine(r.namaPemohon)},`,
    `Mohon maaf, permohonan pemilihan ${quoted(r.namaPemilihan)} tidak dapat disetujui.`,
    `Alasan: ${r.alasan}`,
    'Anda dapat mengajukan permohonan baru setelah memperbaiki hal di atas.',
  ]);

/** Sent by the master admin to someone invited to an election's committee. */
export const committeeInvitationMail = (r: {
  namaPemilihan: string;
  code: string;
  expiresAt: Date;
  registerUrl: string;
}) =>
  mail('Undangan panitia pemilihan', [
    'Halo,',
    `Anda diundang menjadi panitia pemilihan ${quoted(r.namaPemilihan)}.`,
    `Kode Undangan: ${r.code}`,
    `Daftar sebagai panitia di ${r.registerUrl} dengan alamat email ini, atau masuk dengan akun beralamat email ini lalu gabung dengan kode ini. Kode hanya berlaku sekali, sampai ${formatWib(r.expiresAt)}, dan tidak berlaku lagi setelah pemilihan dikunci.`,
  ]);

/** Sent to every committee member whenever the committee changes. */
export const committeeChangedMail = (r: { namaPemilihan: string; change: string; url: string }) =>
  mail('Perubahan panitia pemilihan', [
    'Halo,',
    `Susunan panitia pemilihan ${quoted(r.namaPemilihan)} berubah: ${r.change}`,
    `Lihat panitia dan pemilihan di ${r.url}. Jika perubahan ini tidak Anda kenali, segera hubungi admin master BEM.`,
  ]);

/**
 * Sent by the committee to someone invited as the witness (saksi) of one candidate pair:
 * `pasangan` names it, e.g. "Pasangan nomor 1: Ketua & Wakil".
 */
export const witnessInvitationMail = (r: {
  namaPemilihan: string;
  pasangan: string;
  code: string;
  expiresAt: Date;
  registerUrl: string;
}) =>
  mail('Undangan saksi pemilihan', [
    'Halo,',
    `Panitia pemilihan ${quoted(r.namaPemilihan)} mengundang Anda menjadi saksi untuk ${quoted(r.pasangan)}.`,
    'Saksi dapat melihat ringkasan pemilihan (status, jadwal, partisipasi, wali kunci) tanpa dapat mengubah apa pun, dan menjadi salah satu wali kunci yang bersama-sama membuka hasil pemilihan.',
    `Kode Undangan: ${r.code}`,
    `Daftar di ${r.registerUrl} dengan alamat email ini, atau masuk dengan akun beralamat email ini lalu gabung dengan kode ini. Kode hanya berlaku sekali, sampai ${formatWib(r.expiresAt)}, dan tidak berlaku lagi setelah pemilihan dikunci.`,
  ]);

/** Sent to every committee member when the witnesses of their election change. */
export const witnessesChangedMail = (r: { namaPemilihan: string; change: string; url: string }) =>
  mail('Perubahan saksi pemilihan', [
    'Halo,',
    `Saksi pemilihan ${quoted(r.namaPemilihan)} berubah: ${r.change}`,
    `Lihat saksi dan pemilihan di ${r.url}. Jika perubahan ini tidak Anda kenali, segera hubungi admin master BEM.`,
  ]);
