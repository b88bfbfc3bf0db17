import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../runtime/logger.ts';

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
  /** A long-lived request (an event stream) refused while the process is stopping. */
  shuttingDown: () =>
    new ApiError(503, 'SHUTTING_DOWN', 'Server sedang dimulai ulang. Coba lagi sebentar lagi.'),
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

export const STORAGE_FULL_MESSAGE =
  'Penyimpanan server penuh sehingga data tidak dapat disimpan. Silakan coba lagi nanti ' +
  'atau hubungi admin BEM.';

// Connection-level failures: the database is down, restarting or unreachable.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|PGlite is closed/i;

/**
 * Why the database cannot serve right now, if that is what `err` (or an error it wraps) says:
 * its disk is full (SQLSTATE 53100), or it is unreachable, restarting or out of resources
 * (connection errors, SQLSTATE class 08, 57P01–57P03, class 53). Undefined for anything else.
 */
export function databaseUnavailable(err: unknown): 'disk-full' | 'unavailable' | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift() as
      { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === '53100') return 'disk-full';
    if (/^(08|53|57P0[123])/.test(code) || CONNECTION_CODES.has(code)) return 'unavailable';
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return 'unavailable';
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...(e.errors as unknown[]));
  }
  return undefined;
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
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      // Not a fault of the request: say so, and when to retry. Retrying a vote is safe (one
      // that was recorded after all answers "already voted").
      logger.error(
        { err: safeError(err), requestId: c.get('requestId') },
        unavailable === 'disk-full' ? 'database disk full' : 'database unavailable',
      );
      c.header('Retry-After', '5');
      return unavailable === 'disk-full'
        ? errorResponse(c, 503, 'STORAGE_FULL', STORAGE_FULL_MESSAGE)
        : errorResponse(
            c,
            503,
            'DATABASE_UNAVAILABLE',
            'Server sedang tidak dapat menghubungi basis data. Silakan coba lagi dalam beberapa saat.',
          );
    }
    logger.error({ err: safeError(err), requestId: c.get('requestId') }, 'unhandled error');
    return errorResponse(c, 500, 'INTERNAL', 'Terjadi kesalahan pada server. Silakan coba lagi.');
  };
}
