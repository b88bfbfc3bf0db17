import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger.ts';

/** Field name -> Indonesian message, for forms to show next to the field. */
export type FieldErrors = Record<string, string>;

/** The one error shape of the API: `{ error: { code, message, fields? } }`. */
export type ErrorBody = { error: { code: string; message: string; fields?: FieldErrors } };

/** An expected refusal: carries its status, a stable code and an Indonesian message. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  constructor(status: ContentfulStatusCode, code: string, message: string, fields?: FieldErrors) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const errors = {
  unauthenticated: () => new ApiError(401, 'UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.'),
  forbidden: () => new ApiError(403, 'FORBIDDEN', 'Anda tidak memiliki akses untuk tindakan ini.'),
};

/** Builds the JSON error response. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: FieldErrors,
) {
  const body: ErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  return c.json(body, status);
}

const httpExceptionMessages: Partial<Record<number, [string, string]>> = {
  400: ['INVALID_BODY', 'Isi permintaan tidak valid (format JSON salah).'],
  403: ['FORBIDDEN_ORIGIN', 'Permintaan dari situs lain ditolak.'],
  404: ['NOT_FOUND', 'Alamat tidak ditemukan.'],
  405: ['METHOD_NOT_ALLOWED', 'Metode tidak diizinkan untuk alamat ini.'],
  413: ['PAYLOAD_TOO_LARGE', 'Ukuran data yang dikirim terlalu besar.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Tipe konten tidak didukung; kirim application/json.'],
};

/**
 * What of an unexpected error may be logged: its name, stack frames and database error code —
 * never a query's parameters (emails, NIMs, password hashes, photos).
 */
export function safeError(err: Error) {
  const cause = (err as { cause?: { code?: string; constraint?: string; message?: string } }).cause;
  const isQueryError = err.name === 'DrizzleQueryError' || /^Failed query:/.test(err.message);
  return {
    name: err.name,
    message: isQueryError ? 'database query failed' : err.message,
    stack: err.stack?.split('\n').slice(1, 8).join('\n'),
    dbCode: cause?.code,
    constraint: cause?.constraint,
    cause: isQueryError ? cause?.message : undefined,
  };
}

/** Maps every thrown error to the JSON shape; anything unexpected is logged and becomes a 500. */
export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError)
      return errorResponse(c, err.status, err.code, err.message, err.fields);
    if (err instanceof HTTPException) {
      const known = httpExceptionMessages[err.status];
      if (known) return errorResponse(c, err.status as ContentfulStatusCode, known[0], known[1]);
      return errorResponse(
        c,
        err.status as ContentfulStatusCode,
        'HTTP_ERROR',
        'Permintaan tidak dapat diproses.',
      );
    }
    logger.error({ err: safeError(err), requestId: c.get('requestId') }, 'unhandled error');
    return errorResponse(c, 500, 'INTERNAL', 'Terjadi kesalahan pada server. Silakan coba lagi.');
  };
}
