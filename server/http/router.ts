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
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || result.target;
        fields[key] ??= issue.message;
      }
      const first = result.error.issues[0];
      const message = first ? first.message : 'Data tidak valid.';
      return errorResponse(c, 400, 'VALIDATION_ERROR', message, fields);
    },
  });
}
