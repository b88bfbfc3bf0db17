import type { MiddlewareHandler } from 'hono';
import { hitWindow } from '../abuse/counters.ts';
import type { AppEnv } from './context.ts';
import { errorResponse } from './errors.ts';

/**
 * Allows `max` requests per client address per `windowSeconds` on the routes it guards, counted in
 * the database (one atomic upsert) so every app instance shares the count. Over the limit: 429 with
 * Retry-After and an Indonesian message; the handler does not run.
 */
export function rateLimit(
  name: string,
  opts: { windowSeconds: number; max: number },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.get('services').database.db;
    const now = Date.now();
    const windowMs = opts.windowSeconds * 1000;
    const key = `${name}|${c.get('clientIp') || 'unknown'}`;
    const row = await hitWindow(db, key, windowMs, now);
    if (row.count > opts.max) {
      const retry = Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
      c.header('Retry-After', String(retry));
      return errorResponse(
        c,
        429,
        'RATE_LIMITED',
        `Terlalu banyak percobaan. Coba lagi dalam ${retry} detik.`,
      );
    }
    await next();
  };
}
