import type { Context, MiddlewareHandler } from 'hono';
import { authorize } from '../policies/authorize.ts';
import { actorOf } from './actor.ts';
import type { AppEnv } from './context.ts';

const reading = (c: Context<AppEnv>) => c.req.method === 'GET' || c.req.method === 'HEAD';

type Guard = (c: Context<AppEnv>) => Promise<void>;

const contentAdmin: Guard = async (c) => authorize(await actorOf(c), 'content', 'manage', null);
const master: Guard = async (c) => authorize(await actorOf(c), 'admin', 'manage', null);
const activity: Guard = async (c) => authorize(await actorOf(c), 'admin', 'viewActivity', null);
const dashboard: Guard = async (c) => authorize(await actorOf(c), 'admin', 'viewDashboard', null);

/**
 * Who may call which part of the API, checked before a request's input is even read, so a caller
 * without the right gets 401/403 — never a validation answer — and nothing runs. Every handler
 * checks again (the rules live in policies/); this is the first line, not the only one.
 */
const guards: { path: RegExp; applies: (c: Context<AppEnv>) => boolean; check: Guard }[] = [
  // Uploads, the article editor, and every change to documents and services.
  { path: /^\/api\/uploads\//, applies: () => true, check: contentAdmin },
  { path: /^\/api\/admin\//, applies: () => true, check: contentAdmin },
  { path: /^\/api\/(documents|services)(\/|$)/, applies: (c) => !reading(c), check: contentAdmin },
  // Managing admins (their own profile at /api/admins/me is for every admin).
  { path: /^\/api\/admins(\/(?!me$)|$)/, applies: () => true, check: master },
  { path: /^\/api\/activity(\/|$)/, applies: () => true, check: activity },
  { path: /^\/api\/metrics\/(counts|usage)$/, applies: () => true, check: dashboard },
];

export const apiGuards: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const g of guards) if (g.path.test(c.req.path) && g.applies(c)) await g.check(c);
  await next();
};
