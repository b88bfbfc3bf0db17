import type { VitalName } from '../../../shared/page-paths.ts';
import { idNumberFormat } from '../../lib/number-format.ts';

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
