import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { requestLimits } from '../db/schema/index.ts';
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
    const [row] = await db
      .insert(requestLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: requestLimits.key,
        set: {
          count: sql`case when ${requestLimits.windowStart} <= ${now - windowMs} then 1 else ${requestLimits.count} + 1 end`,
          windowStart: sql`case when ${requestLimits.windowStart} <= ${now - windowMs} then ${now} else ${requestLimits.windowStart} end`,
        },
      })
      .returning({ count: requestLimits.count, windowStart: requestLimits.windowStart });
    if (row && row.count > opts.max) {
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
