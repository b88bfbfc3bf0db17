import { describe, expect, it } from 'vitest';
import { longDay, mediumDay, shortDay } from './format.ts';

// The oracle: Intl's id-ID formats of the day, as the dashboard wrote them before.
const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('id-ID', { timeZone: 'UTC', ...options });
const short = utc({ day: 'numeric', month: 'short' });
const medium = utc({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const long = utc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

describe('the dashboard’s calendar days', () => {
  it('are written as Intl id-ID writes them, every day of 2024 and every ninth day to 2100', () => {
    expect(mediumDay('2026-05-01')).toBe('Jum, 1 Mei 2026');
    const days: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000)
      days.push(new Date(t).toISOString().slice(0, 10));
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2100, 0, 1); t += 9 * 86_400_000)
      days.push(new Date(t).toISOString().slice(0, 10));
    for (const day of days) {
      const midnight = new Date(`${day}T00:00:00Z`);
      expect(shortDay(day)).toBe(short.format(midnight));
      expect(mediumDay(day)).toBe(medium.format(midnight));
      expect(longDay(day)).toBe(long.format(midnight));
    }
  });

  it('refuse a day that does not exist, as Intl does', () => {
    expect(() => shortDay('2026-13-40')).toThrow(RangeError);
  });
});
