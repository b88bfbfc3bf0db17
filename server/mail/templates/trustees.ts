import { mail, quoted } from './election-requests.ts';

/** Sent to every trustee when a ceremony step is theirs to take (start, each new round, key check). */
export const ceremonyTurnMail = (r: { namaPemilihan: string; what: string; url: string }) =>
  mail('Giliran Anda: upacara kunci pemilihan', [
    'Halo,',
    `Anda adalah wali kunci pemilihan ${quoted(r.namaPemilihan)}. ${r.what}`,
    `Buka ${r.url} di peramban Anda. Kunci Anda dibuat di peramban itu sendiri dan tidak pernah dikirim ke server.`,
  ]);

/** Sent to the trustees who have not decrypted yet, when the polls have closed or on a reminder. */
export const decryptionTurnMail = (r: { namaPemilihan: string; needed: number; url: string }) =>
  mail('Giliran Anda: membuka hasil pemilihan', [
    'Halo,',
    `Pemungutan suara pemilihan ${quoted(r.namaPemilihan)} telah ditutup. Hasilnya baru dapat dibuka setelah ${r.needed} wali kunci lagi mendekripsi tally terenkripsi.`,
    `Buka ${r.url}, muat berkas kunci Anda dan masukkan kata sandinya.`,
  ]);

/** Sent to the committee once enough trustees have decrypted: the result is in the record. */
export const resultOpenedMail = (r: { namaPemilihan: string; url: string }) =>
  mail('Hasil pemilihan telah dibuka para wali kunci', [
    'Halo,',
    `Cukup banyak wali kunci telah mendekripsi tally pemilihan ${quoted(r.namaPemilihan)}: hasilnya kini tercatat dalam rekaman publik pemilihan.`,
    `Lihat hasil dan rekamannya di ${r.url}.`,
  ]);
