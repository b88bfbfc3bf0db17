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
  // The list may still be reordered after the first frame (its refreshed data renders then), and
  // moving a node drops its focus: for half a second, focus lost to the page goes back.
  let frames = 30;
  const tick = () => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (frames === 30 || lost)
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && !(el as HTMLButtonElement).disabled) {
          el.focus();
          break;
        }
      }
    if (--frames > 0) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
