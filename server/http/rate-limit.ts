import type { Context, MiddlewareHandler } from 'hono';
import { hitWindow, readCounters } from '../abuse/counters.ts';
import { addressKey } from './client-address.ts';
import type { AppEnv } from './context.ts';
import { errorResponse } from './errors.ts';

function tooMany(c: Context<AppEnv>, retrySeconds: number) {
  c.header('Retry-After', String(retrySeconds));
  return errorResponse(
    c,
    429,
    'RATE_LIMITED',
    `Terlalu banyak percobaan. Coba lagi dalam ${retrySeconds} detik.`,
  );
}

const retryOf = (row: { windowStart: number }, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));

/**
 * Allows `max` requests per client address (IPv4, or IPv6 /64) per `windowSeconds` on the routes
 * it guards, counted in the database (one atomic upsert) so every app instance shares the count.
 * Over the limit: 429 with Retry-After and an Indonesian message; the handler does not run.
 */
export function rateLimit(
  name: string,
  opts: { windowSeconds: number; max: number },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const now = Date.now();
    const windowMs = opts.windowSeconds * 1000;
    const key = `${name}|${addressKey(c.get('clientIp'))}`;
    const row = await hitWindow(c.get('services').database.db, key, windowMs, now);
    if (row.count > opts.max) return tooMany(c, retryOf(row, windowMs, now));
    await next();
  };
}

/**
 * A budget per address that only accepted requests (2xx) spend: sign-ups shared by everyone
 * behind one campus NAT address, berita acara renderings. Refused ones (malformed, invalid,
 * duplicate, not found) spend a separate budget of `refusedMax` per address instead, so a burst
 * of junk from one student slows only more junk, never a real request from the same address.
 */
export function acceptedRateLimit(
  name: string,
  opts: { windowSeconds: number; max: number; refusedMax: number },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.get('services').database.db;
    const now = Date.now();
    const windowMs = opts.windowSeconds * 1000;
    const address = addressKey(c.get('clientIp'));
    const acceptedKey = `${name}|${address}`;
    const refusedKey = `${name}-refused|${address}`;
    const counters = await readCounters(db, [acceptedKey, refusedKey]);
    const live = (key: string) => {
      const row = counters.get(key);
      return row && row.windowStart > now - windowMs ? row : undefined;
    };
    const accepted = live(acceptedKey);
    if (accepted && accepted.count >= opts.max) return tooMany(c, retryOf(accepted, windowMs, now));
    const refused = live(refusedKey);
    if (refused && refused.count >= opts.refusedMax) {
      // Over the junk budget: only a request that is accepted now may go on.
      await next();
      if (c.res.status < 300) await hitWindow(db, acceptedKey, windowMs, now);
      else c.res = tooMany(c, retryOf(refused, windowMs, now));
      return;
    }
    await next();
    await hitWindow(db, c.res.status < 300 ? acceptedKey : refusedKey, windowMs, now);
  };
}
