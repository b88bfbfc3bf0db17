import { describe, expect, it } from 'vitest';
import { formatWib, formatWibDate, formatWibLongDate, formatWibShortDate } from './wib.ts';

// The oracle: Intl's id-ID formats in Jakarta time, as the site wrote dates before these functions.
const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', ...options });
const full = intl({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const long = intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const date = intl({ day: 'numeric', month: 'long', year: 'numeric' });
const short = intl({ day: 'numeric', month: 'short', year: 'numeric' });
/** Instants from 1970 to 2100: every WIB midnight edge of 2026 and a spread of others. */
function instants(): Date[] {
  const out: Date[] = [];
  // 17:00 UTC is midnight WIB: a minute either side of it on every day of 2026.
  for (let day = 0; day < 366; day++) {
    const midnight = Date.UTC(2025, 11, 31, 17) + day * 86_400_000;
    out.push(new Date(midnight - 60_000), new Date(midnight), new Date(midnight + 60_000));
  }
  // Leap days and year ends, in WIB.
  for (const iso of [
    '2024-02-29T00:00:00+07:00',
    '2024-02-28T23:59:00+07:00',
    '2100-03-01T00:00:00+07:00',
    '1999-12-31T23:59:00+07:00',
    '2000-01-01T00:00:00+07:00',
    '1970-01-01T07:00:00+07:00',
  ])
    out.push(new Date(iso));
  // A fixed spread over 1970–2100 (a linear congruential walk: the same instants every run).
  let x = 12345;
  for (let i = 0; i < 3000; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(new Date(Math.floor((x / 2 ** 31) * Date.UTC(2100, 0, 1))));
  }
  return out;
}

describe('Indonesian dates in WIB', () => {
  it('write every moment exactly as Intl id-ID does in Asia/Jakarta, WIB appended', () => {
    expect(formatWib('2026-12-01T01:00:00Z')).toBe('Selasa, 1 Desember 2026 pukul 08.00 WIB');
    for (const d of instants()) {
      expect(formatWib(d)).toBe(`${full.format(d)} WIB`);
      expect(formatWib(d.toISOString())).toBe(`${full.format(d)} WIB`);
      expect(formatWibLongDate(d)).toBe(long.format(d));
      expect(formatWibDate(d)).toBe(date.format(d));
      expect(formatWibShortDate(d)).toBe(short.format(d));
    }
  });

  it('refuse an invalid date as Intl does', () => {
    expect(() => formatWib('bukan tanggal')).toThrow(RangeError);
    expect(() => formatWibDate(new Date(NaN))).toThrow(RangeError);
  });
});
