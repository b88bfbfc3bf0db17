/**
 * Dates in Indonesian, in Western Indonesia Time (WIB: UTC+7 all year since 1964, no daylight
 * saving), written out here rather than through `Intl.DateTimeFormat`. Creating a page's first Intl
 * formatter initialises the browser's locale data on the main thread: 16–66 ms measured here,
 * four times that on the phone Lighthouse emulates, and the largest single piece of the voting
 * booth's start-up. The same text is also independent of the ICU version of each browser and of
 * the server, so a server-rendered date never differs from the one the browser renders over it.
 * `wib.test.ts` checks every format against Intl's own id-ID output.
 */

const WIB_OFFSET_MS = 7 * 3600_000;

const DAYS = 'Minggu Senin Selasa Rabu Kamis Jumat Sabtu'.split(' ');
const MONTHS =
  'Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember'.split(
    ' ',
  );
/**
 * The clock `offsetMs` ahead of UTC at `moment`: a Date to read through its UTC fields. Throws on
 * an invalid date, as Intl does.
 */
export function clockAt(moment: string | Date, offsetMs: number): Date {
  const time = new Date(moment).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  return new Date(time + offsetMs);
}

/**
 * A clock's day as written in Indonesian: "Senin, 1 Desember 2026", without the weekday or the
 * year when asked, and abbreviated ("Sen, 1 Des 2026": every day and month name to its first three
 * letters).
 */
export function writeDay(
  clock: Date,
  { weekday = true, year = true, abbreviated = false } = {},
): string {
  const name = (n = '') => (abbreviated ? n.slice(0, 3) : n);
  const date = `${clock.getUTCDate()} ${name(MONTHS[clock.getUTCMonth()])}`;
  const dated = year ? `${date} ${clock.getUTCFullYear()}` : date;
  return weekday ? `${name(DAYS[clock.getUTCDay()])}, ${dated}` : dated;
}

const wib = (moment: string | Date) => clockAt(moment, WIB_OFFSET_MS);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "Senin, 1 Desember 2026 pukul 08.00 WIB": how every moment is told, on the pages, in mails, in
 * the berita acara and in the server's messages (elections run on Jakarta time).
 */
export function formatWib(moment: string | Date): string {
  const c = wib(moment);
  return `${writeDay(c)} pukul ${pad(c.getUTCHours())}.${pad(c.getUTCMinutes())} WIB`;
}

/** "Senin, 1 Desember 2026" (the WIB day). */
export const formatWibLongDate = (moment: string | Date) => writeDay(wib(moment));

/** "1 Desember 2026" (the WIB day). */
export const formatWibDate = (moment: string | Date) => writeDay(wib(moment), { weekday: false });

/** "1 Des 2026" (the WIB day). */
export const formatWibShortDate = (moment: string | Date) =>
  writeDay(wib(moment), { weekday: false, abbreviated: true });
