import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { errorResponse, type FieldErrors } from './errors.ts';

/**
 * A router whose routes declare their schemas; invalid input never reaches a handler and is
 * answered 400 with the first Indonesian message and one message per field.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields: FieldErrors = {};
      // A body that is not an object at all (an array, a string, null) gets a plain sentence
      // instead of "Harus berupa objek."
      const messageOf = (issue: (typeof result.error.issues)[number]) =>
        issue.path.length === 0 && issue.code === 'invalid_type' && result.target === 'json'
          ? 'Isi permintaan harus berupa objek JSON.'
          : issue.message;
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || result.target;
        fields[key] ??= messageOf(issue);
      }
      const first = result.error.issues[0];
      const message = first ? messageOf(first) : 'Data tidak valid.';
      return errorResponse(c, 400, 'VALIDATION_ERROR', message, fields);
    },
  });
}
