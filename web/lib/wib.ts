import { formatWib } from '../../shared/wib.ts';

/** A datetime-local value (read as WIB) to an instant with its offset, as the API takes it. */
export const wibInputToIso = (value: string) =>
  value ? `${value.length === 16 ? `${value}:00` : value}+07:00` : '';

/** An instant to a datetime-local value in WIB. */
export function isoToWibInput(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 7 * 3600_000);
  return d.toISOString().slice(0, 16);
}

/**
 * A datetime-local field's hint: "WIB", and once filled the moment as the site writes it (the
 * browser shows the field in its own language and order, e.g. 12/07/2026 08:00 AM).
 */
export function wibHint(value: string | undefined): string {
  if (!value) return 'WIB';
  const moment = new Date(wibInputToIso(value));
  return Number.isNaN(moment.getTime()) ? 'WIB' : `WIB: ${formatWib(moment)}`;
}
