import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';

/**
 * Puts the server's per-field messages next to their fields; returns the message to show above
 * the form when the error concerns no field (or undefined when every message found its field).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  /** Shown when the request failed without an answer from the server. */
  fallback = 'Terjadi kesalahan. Silakan coba lagi.',
): string | undefined {
  if (!(err instanceof ApiError)) return fallback;
  let placed = false;
  for (const [name, message] of Object.entries(err.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? undefined : err.message;
}
