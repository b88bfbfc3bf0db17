import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { authorize } from './authorize.ts';
import { actorOf } from '../http/actor.ts';
import type { AppEnv } from '../http/context.ts';
import { errors } from '../http/errors.ts';

/**
 * Who may call a route, declared with the route itself (see `apiRoute`). The check runs before
 * the route's input is read, so a caller without the right gets 401/403 — never a validation
 * answer — and nothing runs. Handlers check again against the resource itself (the rules live in
 * each domain's policy.ts, applied by authorize.ts); this is the first line, not the only one.
 */
export type Access = {
  /** Shown in the OpenAPI document as `x-access`. */
  readonly name: string;
  readonly check: (c: Context<AppEnv>) => Promise<void>;
};

const rule = (name: string, check: (c: Context<AppEnv>) => Promise<void> | void): Access => ({
  name,
  check: async (c) => check(c),
});

export const access = {
  /** Anyone, signed in or not. */
  public: rule('public', () => undefined),
  /**
   * Anyone may call it; the handler decides from the resource itself (results of an election,
   * a live stream), or the check is part of the one statement that does the work (casting a
   * vote). `why` says which, for the reader.
   */
  decidedByHandler: (why: string): Access => rule(`handler: ${why}`, () => undefined),
  signedIn: rule('signed-in', (c) => {
    if (!c.get('user')) throw errors.unauthenticated();
  }),
  contentAdmin: rule('content.manage', async (c) =>
    authorize(await actorOf(c), 'content', 'manage', null),
  ),
  master: rule('admin.manage', async (c) => authorize(await actorOf(c), 'admin', 'manage', null)),
  activity: rule('admin.viewActivity', async (c) =>
    authorize(await actorOf(c), 'admin', 'viewActivity', null),
  ),
  dashboard: rule('admin.viewDashboard', async (c) =>
    authorize(await actorOf(c), 'admin', 'viewDashboard', null),
  ),
  ownAdmin: (action: 'readOwn' | 'updateOwn') =>
    rule(`admin.${action}`, async (c) => authorize(await actorOf(c), 'admin', action, null)),
  ownVoter: (action: 'readOwn' | 'updateOwn' | 'createOwn') =>
    rule(`voter.${action}`, async (c) => authorize(await actorOf(c), 'voter', action, null)),
  verifier: rule('voter.verify', async (c) => authorize(await actorOf(c), 'voter', 'verify', null)),
  elections: rule('election.manage', async (c) =>
    authorize(await actorOf(c), 'election', 'manage', null),
  ),
  /** The committee (or, by the action, a witness or trustee) of the election named by {id}. */
  committee: (
    action: 'viewCommittee' | 'viewOverview' | 'viewTrustees' | 'prepare' | 'publish' | 'holdKey',
  ) =>
    rule(`election.${action}`, async (c) =>
      authorize(await actorOf(c), 'election', action, { id: c.req.param('id') ?? '' }),
    ),
} as const;

/**
 * An API route with its access declared: `createRoute` plus the guard, which runs as the route's
 * first middleware (before its input is validated), and `x-access` in the OpenAPI document —
 * which the test that every route declares its access reads.
 */
export function apiRoute<const R extends Omit<RouteConfig, 'middleware'>>(who: Access, config: R) {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    await who.check(c);
    await next();
  };
  const middleware: MiddlewareHandler<AppEnv>[] = [guard];
  return createRoute({ ...config, 'x-access': who.name, middleware });
}

/** Routes not built by `apiRoute`: better-auth's own endpoints and the API reference pages. */
const OUTSIDE_OPENAPI = /^\/api\/(auth\/\*|docs(\/.*)?|openapi\.json)$/;

/**
 * Every route of `app` under /api (and the health checks) that does not declare its access: an
 * OpenAPI operation without `x-access`, or a handler registered beside the OpenAPI routes.
 */
export function undeclaredRoutes(app: OpenAPIHono<AppEnv>): string[] {
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: '', version: '' } });
  const declared = new Set<string>();
  const missing: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(ops as Record<string, Record<string, unknown>>)) {
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      if (typeof op['x-access'] === 'string') declared.add(key);
      else missing.push(key);
    }
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || OUTSIDE_OPENAPI.test(r.path)) continue;
    const key = `${r.method} ${r.path}`;
    if (!declared.has(key) && !missing.includes(key)) missing.push(key);
  }
  return missing;
}
