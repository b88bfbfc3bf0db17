import type { VitalName } from '../../../shared/page-paths.ts';
import { clockAt, writeDay } from '../../../shared/wib.ts';
import { idNumberFormat } from '../../lib/number-format.ts';

/** A WIB calendar day written "2026-05-01", as a clock at its midnight. */
const calendarDay = (day: string) => clockAt(`${day}T00:00:00Z`, 0);

/** "2026-05-01" → "1 Mei". */
export const shortDay = (day: string) =>
  writeDay(calendarDay(day), { weekday: false, year: false, abbreviated: true });
/** "2026-05-01" → "Jum, 1 Mei 2026". */
export const mediumDay = (day: string) => writeDay(calendarDay(day), { abbreviated: true });
/** "2026-05-01" → "Jumat, 1 Mei 2026". */
export const longDay = (day: string) => writeDay(calendarDay(day));

export const number = idNumberFormat();
const seconds = idNumberFormat({
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const cls = idNumberFormat({ maximumFractionDigits: 3 });

/** A vital's value as people read it: "2,35 dtk", "180 md", CLS "0,042". */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return cls.format(value);
  return value >= 1000 ? `${seconds.format(value / 1000)} dtk` : `${Math.round(value)} md`;
}
