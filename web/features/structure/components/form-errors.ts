import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error.ts';

/** Field path → first message, from a failed client-side parse. */
export function issuesToFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

/** The server's field messages and a message for the form, from a failed request. */
export function serverErrors(err: unknown, fallback: string) {
  if (err instanceof ApiError) return { fields: err.fields, message: err.message };
  return { fields: {}, message: fallback };
}

/** Moves focus to the element with this id once React has drawn the new state. */
export function focusSoon(...ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el && !(el as HTMLButtonElement).disabled) {
        el.focus();
        return;
      }
    }
  });
}
