import type { Context, MiddlewareHandler } from 'hono';
import { addressKey } from './client-address.ts';
import type { AppEnv } from './context.ts';
import { errorResponse } from './errors.ts';

/**
 * Concurrent work held per client address and in all, in this process: open event streams, PDF
 * renderings. A request that finds no free slot is answered 429 with Retry-After.
 */
export class Slots {
  private readonly byKey = new Map<string, number>();
  private total = 0;
  private readonly perAddress: number;
  private readonly max: number;

  constructor(opts: { perAddress: number; total: number }) {
    this.perAddress = opts.perAddress;
    this.max = opts.total;
  }

  /** Slots held now, all addresses together. */
  get inUse(): number {
    return this.total;
  }

  /** Takes a slot for this address; returns its release, or undefined when none is free. */
  take(ip: string): (() => void) | undefined {
    const key = addressKey(ip);
    const held = this.byKey.get(key) ?? 0;
    if (held >= this.perAddress || this.total >= this.max) return undefined;
    this.byKey.set(key, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byKey.get(key) ?? 1) - 1;
      if (left > 0) this.byKey.set(key, left);
      else this.byKey.delete(key);
    };
  }
}

/** The 429 a request gets when no slot is free. */
export function busy(c: Context<AppEnv>, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorResponse(c, 429, 'TOO_BUSY', message);
}

/** Holds a slot while the handler runs (for work that ends with the handler, such as a PDF). */
export function withSlot(
  slots: Slots,
  opts: { retryAfterSeconds: number; message: string },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const release = slots.take(c.get('clientIp'));
    if (!release) return busy(c, opts.retryAfterSeconds, opts.message);
    try {
      await next();
    } finally {
      release();
    }
  };
}
