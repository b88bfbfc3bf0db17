import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { errorResponse } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_ORIGIN_FETCH = new Set(['same-origin', 'none']);

/**
 * Refuses every state-changing request (anything but GET, HEAD and OPTIONS) that a browser sent
 * from another site, whatever its content type: an `Origin` header other than PUBLIC_URL's origin
 * (including `null`), or a `Sec-Fetch-Site` other than same-origin. Browsers send
 * Origin with every cross-origin POST, PUT, PATCH and DELETE, so a request with neither header
 * comes from a program (curl, a server), which holds no visitor's cookies: it is let through and
 * meets the same session and permission checks as any other.
 */
export function originGuard(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const crossSite =
      (origin !== undefined && origin !== allowed) ||
      (site !== undefined && !SAME_ORIGIN_FETCH.has(site));
    if (crossSite)
      return errorResponse(c, 403, 'FORBIDDEN_ORIGIN', 'Permintaan dari situs lain ditolak.');
    return next();
  };
}
