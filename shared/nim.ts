/**
 * The one definition of a student number (NIM). Every NIM that reaches the product — typed at
 * registration or in the profile, read from a roll CSV or from the official student list — goes
 * through `normalizeNim`, and only its result is stored or compared.
 *
 * A NIM is written as 8 to 12 digits. Spaces inside it are layout ("0115 00012") and are dropped.
 * Leading zeros are not significant: spreadsheets strip them ("011500012" becomes 11500012), so
 * the stored form has none, and "011500012" and "11500012" are the same student. Anything that
 * could only be read by guessing is refused with a message saying why: letters (an "O" for a
 * zero), decimals and thousands separators, and the scientific notation a spreadsheet shows for
 * long numbers (whose last digits are lost).
 */

export const NIM_MIN_DIGITS = 8;
export const NIM_MAX_DIGITS = 12;

/** The stored form: digits, no leading zero. */
export const CANONICAL_NIM = /^[1-9][0-9]{0,11}$/;

/** What may be typed: 8 to 12 digits with any spaces between them (published in the API's schema). */
export const NIM_INPUT_PATTERN = /^\s*(?:[0-9]\s*){8,12}$/u;

const BASE = `NIM harus berupa ${NIM_MIN_DIGITS} sampai ${NIM_MAX_DIGITS} digit angka.`;

export type NimResult = { ok: true; nim: string } | { ok: false; error: string };

/** Parses a NIM as people and spreadsheets write it into its one stored form, or says why not. */
export function normalizeNim(raw: string): NimResult {
  const text = raw.replace(/\s/gu, '');
  if (text === '') return { ok: false, error: 'NIM wajib diisi.' };
  if (/^[0-9]+([.,][0-9]+)?[eE][+-]?[0-9]+$/.test(text))
    return {
      ok: false,
      error: `${BASE} Nilai ini tertulis dalam notasi ilmiah spreadsheet (mis. 1,2E+11) sehingga digitnya hilang; simpan kolom NIM sebagai teks.`,
    };
  if (/^[0-9]+([.,][0-9]+)+$/.test(text))
    return {
      ok: false,
      error: `${BASE} Titik atau koma tidak diperbolehkan (periksa format kolom NIM di spreadsheet).`,
    };
  if (/[^0-9]/.test(text))
    return { ok: false, error: `${BASE} Huruf dan tanda baca tidak diperbolehkan.` };
  if (text.length < NIM_MIN_DIGITS || text.length > NIM_MAX_DIGITS)
    return { ok: false, error: BASE };
  const nim = text.replace(/^0+/, '');
  if (nim === '') return { ok: false, error: BASE };
  return { ok: true, nim };
}

/** The stored form of a NIM known to be valid (throws otherwise: for data already checked). */
export function canonicalNim(raw: string): string {
  const r = normalizeNim(raw);
  if (!r.ok) throw new Error(r.error);
  return r.nim;
}
