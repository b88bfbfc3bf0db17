/** Up to two initials of a name, for people without a photo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A candidate pair's initials (the chair's and the deputy's), for a pair without a photo. */
export const pairInitials = (c: { namaKetua: string; namaWakil?: string | null }) =>
  c.namaWakil
    ? `${initialsOf(c.namaKetua).slice(0, 1)}${initialsOf(c.namaWakil).slice(0, 1)}`
    : initialsOf(c.namaKetua);
