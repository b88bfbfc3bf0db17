const dateTime = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Jakarta',
});

/**
 * "Senin, 1 Desember 2026 pukul 08.00 WIB": how every moment is told, on the pages, in mails, in
 * the berita acara and in the server's messages (elections run on Jakarta time).
 */
export const formatWib = (moment: string | Date) => `${dateTime.format(new Date(moment))} WIB`;
