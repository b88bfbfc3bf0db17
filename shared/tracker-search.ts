/** A Kode Bukti as people type it: the spaces of its groups and any dashes are not part of it. */
export const trackerSearch = (typed: string) => typed.replace(/[\s-]+/g, '');
