/**
 * Dates in Indonesian, in Western Indonesia Time (WIB: UTC+7 all year since 1964, no daylight
 * saving), written out here rather than through `Intl.DateTimeFormat`. Creating a page's first Intl
 * formatter initialises the browser's locale data on the main thread: 16–65 ms measured here,
 * four times that on the phone Lighthouse emulates, and the largest single piece of the voting
 * booth's start-up. The same text is also independent of the ICU version of each browser and of
 * the server, so a server-rendered date never differs from the one the browser renders over it.
 * `wib.test.ts` checks every format against Intl's own id-ID output.
 */

const WIB_OFFSET_MS = 7 * 3600_000;

const DAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
const DAYS_SHORT = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'];
const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
];

/** A calendar day and a time of day, as read on a clock. */
type ClockReading = {
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  hour: number;
  minute: number;
};

/** The clock reading `offsetMs` ahead of UTC at `moment` (throws on an invalid date, as Intl does). */
function readClock(moment: string | Date, offsetMs: number): ClockReading {
  const time = new Date(moment).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const d = new Date(time + offsetMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

const wib = (moment: string | Date) => readClock(moment, WIB_OFFSET_MS);
const pad = (n: number) => String(n).padStart(2, '0');

const longDate = (c: ClockReading) => `${DAYS[c.weekday]}, ${c.day} ${MONTHS[c.month]} ${c.year}`;

/**
 * "Senin, 1 Desember 2026 pukul 08.00 WIB": how every moment is told, on the pages, in mails, in
 * the berita acara and in the server's messages (elections run on Jakarta time).
 */
export function formatWib(moment: string | Date): string {
  const c = wib(moment);
  return `${longDate(c)} pukul ${pad(c.hour)}.${pad(c.minute)} WIB`;
}

/** "Senin, 1 Desember 2026" (the WIB day). */
export const formatWibLongDate = (moment: string | Date) => longDate(wib(moment));

/** "1 Desember 2026" (the WIB day). */
export function formatWibDate(moment: string | Date): string {
  const c = wib(moment);
  return `${c.day} ${MONTHS[c.month]} ${c.year}`;
}

/** "1 Des 2026" (the WIB day). */
export function formatWibShortDate(moment: string | Date): string {
  const c = wib(moment);
  return `${c.day} ${MONTHS_SHORT[c.month]} ${c.year}`;
}

/** A calendar day written "2026-05-01" (no time of day, no time zone). */
const calendarDay = (day: string) => readClock(`${day}T00:00:00Z`, 0);

/** "2026-05-01" → "1 Mei". */
export function formatDayShort(day: string): string {
  const c = calendarDay(day);
  return `${c.day} ${MONTHS_SHORT[c.month]}`;
}

/** "2026-05-01" → "Jum, 1 Mei 2026". */
export function formatDayMedium(day: string): string {
  const c = calendarDay(day);
  return `${DAYS_SHORT[c.weekday]}, ${c.day} ${MONTHS_SHORT[c.month]} ${c.year}`;
}

/** "2026-05-01" → "Jumat, 1 Mei 2026". */
export const formatDayLong = (day: string) => longDate(calendarDay(day));
