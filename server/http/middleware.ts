import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { resolveClientAddress, type TrustedProxies } from './client-address.ts';
import type { AppEnv, Services } from './context.ts';

/**
 * The client address (see client-address.ts): the socket's peer, or behind one of
 * TRUSTED_PROXIES the right-most untrusted X-Forwarded-For hop.
 */
export function clientIp(trusted: TrustedProxies | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let peer: string;
    try {
      peer = getConnInfo(c).remote.address ?? '';
    } catch {
      peer = '';
    }
    c.set('clientIp', resolveClientAddress(peer, c.req.header('x-forwarded-for'), trusted));
    await next();
  };
}

/** One structured log line per request, with its id, status and duration. */
export function requestLog(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    services.logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      'request',
    );
  };
}

/** Security headers on every response: a CSP with no inline script, no framing, nosniff. */
export function securityHeaders(https: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}

/** Loads the session (if any) for API handlers; one indexed lookup per request. */
/** Casting checks its session inside its own statement (one round trip for the hottest route). */
const CAST_PATH = /^\/api\/voting\/[^/]+\/cast$/;

export function loadSession(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'POST' && CAST_PATH.test(c.req.path)) {
      c.set('user', null);
      c.set('sessionId', null);
      return next();
    }
    // Reading a session never extends it: only a person's activity does (the browser's keep-alive).
    const session = await services.auth.api.getSession({
      headers: c.req.raw.headers,
      query: { disableRefresh: true },
    });
    c.set(
      'user',
      session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null,
    );
    c.set('sessionId', session?.session.id ?? null);
    await next();
  };
}
