import type { VitalName } from '../../../shared/page-paths.ts';

const dayFormat = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const mediumDayFormat = new Intl.DateTimeFormat('id-ID', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-05-01" (a WIB calendar day) → "1 Mei". */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "2026-05-01" → "Jum, 1 Mei 2026". */
export const mediumDay = (day: string) => mediumDayFormat.format(new Date(`${day}T00:00:00Z`));
/** "2026-05-01" → "Jumat, 1 Mei 2026". */
export const longDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));

export const number = new Intl.NumberFormat('id-ID');
const seconds = new Intl.NumberFormat('id-ID', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const cls = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });

/** A vital's value as people read it: "2,35 dtk", "180 md", CLS "0,042". */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return cls.format(value);
  return value >= 1000 ? `${seconds.format(value / 1000)} dtk` : `${Math.round(value)} md`;
}
