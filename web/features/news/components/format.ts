const longDate = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Jakarta',
});
const shortDate = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Jakarta',
});

/** "Senin, 1 Desember 2026" (Jakarta time), for an article page. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/** "1 Des 2026" (Jakarta time), for cards. */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));
