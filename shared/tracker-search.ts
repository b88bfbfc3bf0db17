/** A Kode Bukti as people type it: the spaces of its groups and any dashes are not part of it. */
export const trackerSearch = (typed: string) => typed.replace(/[\s-]+/g, '');

/**
 * Why a search (already through trackerSearch) cannot be (the beginning of) a Kode Bukti, or
 * undefined: the ballot box's query checks it at the server, its page before sending.
 */
export function trackerSearchError(search: string): string | undefined {
  if (search.length > 43) return 'Kode Bukti paling panjang 43 karakter.';
  if (!/^[A-Za-z0-9+/]*$/.test(search))
    return 'Kode Bukti hanya berisi huruf, angka, tanda + dan tanda /.';
  return undefined;
}
