import { formatWib } from '../../../shared/wib.ts';
import { mail, quoted } from './election-requests.ts';

/**
 * Sent to a voter once their encrypted ballot is in the ballot box: the Kode Bukti (the ballot's
 * tracker) to keep, and where to find it. Never the choice.
 */
export const trackerMail = (r: {
  namaPemilihan: string;
  tracker: string;
  votedAt: Date;
  url: string;
}) =>
  mail('Kode Bukti suara Anda', [
    'Halo,',
    `Suara Anda di pemilihan ${quoted(r.namaPemilihan)} sudah tercatat pada ${formatWib(r.votedAt)}.`,
    `Kode Bukti: ${r.tracker}`,
    `Simpan kode ini. Anda dapat menemukannya di kotak suara publik: ${r.url}. Kode ini tidak memperlihatkan pilihan Anda kepada siapa pun.`,
  ]);

/**
 * Sent to each voter once a verifiable election they may vote in is locked: the booth's link with
 * their private credential after the `#` (browsers never send that part to a server), and the
 * credential itself to type in. The server keeps no copy once this mail is accepted.
 */
export const credentialMail = (r: {
  namaPemilihan: string;
  startsAt: Date;
  endsAt: Date;
  credential: string;
  link: string;
}) =>
  mail(`Kredensial pemilihan ${r.namaPemilihan}`, [
    'Halo,',
    `Anda terdaftar sebagai pemilih pada pemilihan ${quoted(r.namaPemilihan)}. Pemungutan suara dibuka ${formatWib(r.startsAt)} sampai ${formatWib(r.endsAt)}.`,
    `Buka tautan surat suara Anda: ${r.link}`,
    `Kredensial Anda: ${r.credential}`,
    'Kredensial ini menandatangani surat suara Anda. Jangan membagikannya kepada siapa pun. Anda tetap harus masuk dengan akun pemilih Anda untuk memilih.',
    'Server tidak menyimpan salinan kredensial ini: simpan email ini sampai Anda selesai memilih.',
  ]);

/** Sent to everyone on the roll when the polls of their election open. */
export const votingOpenedMail = (r: { namaPemilihan: string; endsAt: Date; url: string }) =>
  mail('Pemungutan suara sudah dibuka', [
    'Halo,',
    `Pemungutan suara pemilihan ${quoted(r.namaPemilihan)} sudah dibuka dan akan ditutup pada ${formatWib(r.endsAt)}.`,
    `Masuk dengan akun pemilih Anda lalu buka surat suara: ${r.url}. Untuk pemilihan dengan kredensial, pakai tautan dari email kredensial Anda atau ketik kredensialnya di surat suara.`,
  ]);

/** Sent, hours before the close, to those on the roll who have not voted yet. */
export const votingReminderMail = (r: { namaPemilihan: string; endsAt: Date; url: string }) =>
  mail('Pengingat: pemungutan suara segera ditutup', [
    'Halo,',
    `Anda belum memilih pada pemilihan ${quoted(r.namaPemilihan)}. Pemungutan suara akan ditutup pada ${formatWib(r.endsAt)}.`,
    `Buka surat suara Anda: ${r.url}. Jika Anda sudah memilih setelah email ini dikirim, abaikan email ini.`,
  ]);
