import type { MiddlewareHandler } from 'hono';
import { addressKey } from '../../http/client-address.ts';
import type { AppEnv } from '../../http/context.ts';
import { errorResponse } from '../../http/errors.ts';

/** Above this many tracked addresses, finished windows are dropped before a new one is added. */
const PRUNE_ABOVE = 10_000;

/**
 * Allows `max` requests per client address per `windowSeconds`, counted in this process's memory:
 * the beacons come with every page view, so their limit must cost no database write. The address
 * is only a key of this map, held for one window; it is never stored. Over the limit: 429.
 */
export function memoryRateLimit(opts: {
  windowSeconds: number;
  max: number;
}): MiddlewareHandler<AppEnv> {
  const windowMs = opts.windowSeconds * 1000;
  const hits = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const now = Date.now();
    const key = addressKey(c.get('clientIp') || 'unknown');
    let entry = hits.get(key);
    if (!entry || entry.start <= now - windowMs) {
      if (!entry && hits.size >= PRUNE_ABOVE) {
        for (const [k, v] of hits) if (v.start <= now - windowMs) hits.delete(k);
        // Still full (a flood from many addresses): forget the oldest tenth, not everyone.
        if (hits.size >= PRUNE_ABOVE) {
          let drop = Math.ceil(PRUNE_ABOVE / 10);
          for (const k of hits.keys()) {
            if (drop-- <= 0) break;
            hits.delete(k);
          }
        }
      }
      entry = { start: now, count: 0 };
      hits.set(key, entry);
    }
    entry.count++;
    if (entry.count > opts.max) {
      const retry = Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000));
      c.header('Retry-After', String(retry));
      return errorResponse(
        c,
        429,
        'RATE_LIMITED',
        `Terlalu banyak permintaan. Coba lagi dalam ${retry} detik.`,
      );
    }
    await next();
  };
}
