import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv, Services } from './context.ts';

/**
 * The route a request was answered by, as its pattern (/api/elections/:id/cast), so the metrics
 * have one series per route rather than per address; the web app's pages and files are 'web'.
 */
function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const path = matchedRoutes(c)[c.req.routeIndex]?.path ?? '';
  return path === '*' || path === '/*' || path === '' ? 'web' : path;
}

/** Counts and times every request by method, route pattern and status. */
export function requestMetrics(services: Services): MiddlewareHandler<AppEnv> {
  const { requests, requestSeconds } = services.metrics;
  return async (c, next) => {
    const end = requestSeconds.startTimer();
    await next();
    const route = routeOf(c);
    end({ method: c.req.method, route });
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format. With METRICS_TOKEN set, only a request bearing it
 * (Authorization: Bearer …) reads it, from anywhere; without, only a request made straight to
 * this instance from its own machine — never one relayed by a proxy (a proxy on the same machine
 * connects from loopback on behalf of anyone). Anything else is answered 404, as if there were
 * nothing here.
 */
export function mountMetrics(app: Hono<AppEnv>) {
  app.get('/metrics', async (c) => {
    const { env, metrics } = c.get('services');
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    let allowed: boolean;
    if (env.metricsToken) allowed = bearer !== undefined && sameToken(bearer, env.metricsToken);
    else {
      let peer: string;
      try {
        peer = getConnInfo(c).remote.address ?? '';
      } catch {
        // A request made inside the process (the server's own rendering) has no socket.
        peer = '';
      }
      const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => c.req.header(h));
      allowed = LOOPBACK.test(peer) && !relayed;
    }
    if (!allowed) return c.text('Tidak ditemukan.', 404);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
    });
  });
}
