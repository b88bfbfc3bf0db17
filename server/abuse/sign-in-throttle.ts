import { sql } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Db } from '../db/client.ts';
import { requestLimits } from '../db/schema/index.ts';
import { addressKey } from '../http/client-address.ts';
import { clearCounter, emailDigest, hitWindow, pruneCounters, readCounters } from './counters.ts';

/**
 * Guessing passwords, slowed and then refused, per account and per client address.
 *
 * Per account (keyed by the normalised email, whether or not an account has it, so the answers
 * never tell which addresses exist): the first ACCOUNT.slowAfter unsuccessful attempts are free;
 * after that each next attempt must wait, 15 s doubling per further failure; the
 * ACCOUNT.lockAfter-th failure locks the email for ACCOUNT.lockMinutes, during which even the right
 * password is refused. Failures lapse that long after the last one; a successful sign-in or a
 * password reset (through the mailed link) clears them. Every attempt takes its slot before the
 * password is checked, in one atomic statement, so simultaneous requests cannot get past the count.
 *
 * Per address (IPv4, or IPv6 /64): only wrong attempts count, so a campus behind one NAT address
 * signs in untouched however many students it has; over `perMinute` wrong attempts in a minute the
 * address waits for the minute to end, over ten times that in an hour for the hour to end.
 */
export const ACCOUNT = {
  slowAfter: 5,
  lockAfter: 10,
  firstDelaySeconds: 15,
  lockMinutes: 15,
} as const;

const LOCK_MS = ACCOUNT.lockMinutes * 60_000;
const FIRST_DELAY_MS = ACCOUNT.firstDelaySeconds * 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The wait before the next attempt after `failures` unsuccessful ones (from slowAfter on). */
export function accountDelayMs(failures: number): number {
  if (failures >= ACCOUNT.lockAfter) return LOCK_MS;
  if (failures < ACCOUNT.slowAfter) return 0;
  return FIRST_DELAY_MS * 2 ** (failures - ACCOUNT.slowAfter);
}

/** "45 detik", "2 menit", "15 menit": how long, as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} detik`;
  return `${Math.ceil(seconds / 60)} menit`;
}

/** The counter of an email: by its digest (any text is a key, and no address is stored). */
export const accountKey = (email: string) => `signin-account|${emailDigest(email)}`;
const addressKeys = (ip: string) => {
  const a = addressKey(ip || 'unknown');
  return { minute: `signin-address-1m|${a}`, hour: `signin-address-1h|${a}` };
};

function tooMany(code: string, message: string, retryMs: number): APIError {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code, message: message.replace('{wait}', waitText(seconds)) },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The same answer as a Response: an after hook cannot change the status of an error it replaces
 * (better-auth keeps the endpoint's), but a Response is sent as it is.
 */
function tooManyResponse(code: string, message: string, retryMs: number): Response {
  const error = tooMany(code, message, retryMs);
  return new Response(JSON.stringify(error.body), {
    status: 429,
    headers: { 'content-type': 'application/json', ...(error.headers as Record<string, string>) },
  });
}

export const SIGN_IN_MESSAGES = {
  ACCOUNT_SLOWED:
    'Terlalu banyak percobaan masuk yang gagal untuk akun ini. Coba lagi dalam {wait}.',
  ACCOUNT_LOCKED:
    'Terlalu banyak percobaan masuk yang gagal untuk akun ini, sehingga akun dikunci sementara. ' +
    'Coba lagi dalam {wait}, atau atur ulang kata sandi lewat "Lupa kata sandi?".',
  ADDRESS_LIMITED:
    'Terlalu banyak percobaan masuk yang gagal dari alamat jaringan Anda. Coba lagi dalam {wait}.',
} as const;

/** The codes this module answers with; their messages are already Indonesian. */
export const SIGN_IN_THROTTLE_CODES = new Set(['ACCOUNT_SLOWED', 'ACCOUNT_LOCKED', 'RATE_LIMITED']);

/**
 * Takes one attempt's slot on an email: allowed while the count is below slowAfter, or below
 * lockAfter once the wait since the last attempt has passed, or when the failures have lapsed.
 * One statement, so two simultaneous attempts can never both take the last free slot.
 */
async function takeAccountSlot(db: Db, key: string, now: number) {
  const t = requestLimits;
  const lapsed = sql`${t.windowStart} <= ${now - LOCK_MS}`;
  const [row] = await db
    .insert(t)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${lapsed} then 1 else ${t.count} + 1 end`,
        windowStart: sql`${now}`,
      },
      setWhere: sql`${lapsed} or ${t.count} < ${ACCOUNT.slowAfter} or (${t.count} < ${ACCOUNT.lockAfter}
        and ${t.windowStart} + ${FIRST_DELAY_MS} * power(2, ${t.count} - ${ACCOUNT.slowAfter}) <= ${now})`,
    })
    .returning({ count: t.count });
  if (row) return { allowed: true as const, failures: row.count };
  const current = (await readCounters(db, [key])).get(key);
  const failures = current?.count ?? 0;
  const retryMs = current ? current.windowStart + accountDelayMs(failures) - now : 1000;
  return { allowed: false as const, failures, retryMs };
}

/** How long an address must still wait, or 0 when it may try. */
async function addressWait(db: Db, ip: string, perMinute: number, now: number) {
  const keys = addressKeys(ip);
  const rows = await readCounters(db, [keys.minute, keys.hour]);
  let wait = 0;
  const minute = rows.get(keys.minute);
  if (minute && minute.count >= perMinute && minute.windowStart + MINUTE_MS > now)
    wait = Math.max(wait, minute.windowStart + MINUTE_MS - now);
  const hour = rows.get(keys.hour);
  if (hour && hour.count >= perMinute * 10 && hour.windowStart + HOUR_MS > now)
    wait = Math.max(wait, hour.windowStart + HOUR_MS - now);
  return wait;
}

async function countAddressFailure(db: Db, ip: string, now: number) {
  const keys = addressKeys(ip);
  await hitWindow(db, keys.minute, MINUTE_MS, now);
  await hitWindow(db, keys.hour, HOUR_MS, now);
}

/** Forgets an email's failures (after a password reset through the mailed link). */
export async function clearAccountFailures(db: Db, email: string) {
  await clearCounter(db, accountKey(email));
}

type ThrottleOptions = {
  db: Db;
  /** The header the auth bridge puts the client address in (set by our server, never the client). */
  clientIpHeader: string;
  /** Wrong attempts per address per minute (ten times as many per hour). */
  perMinute: number;
};

/**
 * The better-auth plugin that applies the limits above to POST /sign-in/email requests. Sign-ins
 * the server makes itself (a just-registered account, with the password just chosen) carry no
 * request and are not throttled.
 */
export function signInThrottle(opts: ThrottleOptions): BetterAuthPlugin {
  const { db } = opts;
  // What the before hook decided, for the after hook of the same request.
  const taken = new WeakMap<Request, { key: string | null; failures: number; ip: string }>();
  const isSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';

  return {
    id: 'sign-in-throttle',
    hooks: {
      before: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const request = ctx.request;
            if (!request) return;
            const now = Date.now();
            const ip = request.headers.get(opts.clientIpHeader) ?? '';
            const wait = await addressWait(db, ip, opts.perMinute, now);
            if (wait > 0) throw tooMany('RATE_LIMITED', SIGN_IN_MESSAGES.ADDRESS_LIMITED, wait);

            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            // Not an email at all: better-auth refuses the body, no password is checked.
            if (typeof email !== 'string' || !email.trim() || email.length > 320) {
              taken.set(request, { key: null, failures: 0, ip });
              return;
            }
            const key = accountKey(email);
            const slot = await takeAccountSlot(db, key, now);
            if (!slot.allowed) {
              const locked = slot.failures >= ACCOUNT.lockAfter;
              throw tooMany(
                locked ? 'ACCOUNT_LOCKED' : 'ACCOUNT_SLOWED',
                locked ? SIGN_IN_MESSAGES.ACCOUNT_LOCKED : SIGN_IN_MESSAGES.ACCOUNT_SLOWED,
                slot.retryMs,
              );
            }
            taken.set(request, { key, failures: slot.failures, ip });
          }),
        },
      ],
      after: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const request = ctx.request;
            const state = request && taken.get(request);
            if (!state) return;
            const now = Date.now();
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) {
              if (state.key) await clearCounter(db, state.key);
              return;
            }
            if (returned.statusCode !== 401) return;
            // A wrong password (or an unknown email): it counts against the address too.
            await countAddressFailure(db, state.ip, now);
            await pruneCounters(db, now);
            // The failure that locks the account says so at once.
            if (state.failures >= ACCOUNT.lockAfter)
              return tooManyResponse('ACCOUNT_LOCKED', SIGN_IN_MESSAGES.ACCOUNT_LOCKED, LOCK_MS);
          }),
        },
      ],
    },
  };
}
