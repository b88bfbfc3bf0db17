import { mail, quoted, wib } from './election-requests.ts';

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
    `Suara Anda di pemilihan ${quoted(r.namaPemilihan)} sudah tercatat pada ${wib(r.votedAt)}.`,
    `Kode Bukti: ${r.tracker}`,
    `Simpan kode ini. Anda dapat menemukannya di kotak suara publik: ${r.url}. Kode ini tidak memperlihatkan pilihan Anda kepada siapa pun.`,
  ]);
