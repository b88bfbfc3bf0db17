import type { Context, MiddlewareHandler } from 'hono';
import { authorize } from '../policies/authorize.ts';
import { actorOf } from './actor.ts';
import type { AppEnv } from './context.ts';
import { errors } from './errors.ts';

const reading = (c: Context<AppEnv>) => c.req.method === 'GET' || c.req.method === 'HEAD';

type Guard = (c: Context<AppEnv>) => Promise<void>;

const contentAdmin: Guard = async (c) => authorize(await actorOf(c), 'content', 'manage', null);
const master: Guard = async (c) => authorize(await actorOf(c), 'admin', 'manage', null);
const activity: Guard = async (c) => authorize(await actorOf(c), 'admin', 'viewActivity', null);
const dashboard: Guard = async (c) => authorize(await actorOf(c), 'admin', 'viewDashboard', null);
const signedIn: Guard = async (c) => {
  if (!c.get('user')) throw errors.unauthenticated();
};
const ownVoter: Guard = async (c) => authorize(await actorOf(c), 'voter', 'updateOwn', null);
const ownAdmin: Guard = async (c) => authorize(await actorOf(c), 'admin', 'updateOwn', null);
const verifier: Guard = async (c) => authorize(await actorOf(c), 'voter', 'verify', null);
const elections: Guard = async (c) => authorize(await actorOf(c), 'election', 'manage', null);

/** The {id} of /api/elections/{id}/..., as the route's handler reads it. */
function electionId(c: Context<AppEnv>) {
  const raw = c.req.path.split('/')[3] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
const committee =
  (action: 'viewCommittee' | 'prepare' | 'publish'): Guard =>
  async (c) =>
    authorize(await actorOf(c), 'election', action, { id: electionId(c) });

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
  // One's own voter or admin profile, joining a committee.
  { path: /^\/api\/voters\/me$/, applies: (c) => !reading(c), check: ownVoter },
  { path: /^\/api\/admins\/me$/, applies: (c) => !reading(c), check: ownAdmin },
  { path: /^\/api\/committee\/join$/, applies: () => true, check: signedIn },
  // Verifying voters (admins).
  {
    path: /^\/api\/voters(\/student-list(\/preview)?|\/[^/]+\/(verify|reject))?$/,
    applies: () => true,
    check: verifier,
  },
  // Election requests and oversight (master); submitting a request is public.
  {
    path: /^\/api\/election-requests(\/|$)/,
    applies: (c) => reading(c) || c.req.path !== '/api/election-requests',
    check: elections,
  },
  { path: /^\/api\/oversight\//, applies: () => true, check: elections },
  // An election's committee area: its committee prepares, the master only looks.
  {
    path: /^\/api\/elections\/[^/]+\/(overview|roll)$/,
    applies: reading,
    check: committee('viewCommittee'),
  },
  {
    path: /^\/api\/elections\/[^/]+\/(settings|lock|extend|candidates(\/[^/]+)?|roll(\/preview)?)$/,
    applies: (c) => !reading(c),
    check: committee('prepare'),
  },
  { path: /^\/api\/elections\/[^/]+\/publish$/, applies: () => true, check: committee('publish') },
];

export const apiGuards: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const g of guards) if (g.path.test(c.req.path) && g.applies(c)) await g.check(c);
  await next();
};
