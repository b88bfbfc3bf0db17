import type { Context } from 'hono';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { authorize, can } from '../../access/authorize.ts';
import { memoryRateLimit } from './memory-limit.ts';
import { countPageView, dashboardCounts, storeVitals, usageReport } from './metrics.query.ts';
import { getDashboardCounts, getUsage, postPageView, postVitals } from './metrics.routes.ts';

/** Page views allowed per client address per minute (a campus may share one address). */
export const VIEWS_PER_MINUTE = 240;
/** Web-vitals reports allowed per client address per minute. */
export const VITALS_PER_MINUTE = 240;

async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'admin', 'viewDashboard', null);
  c.header('Cache-Control', 'no-store');
  return actor;
}

const router = createRouter();
// Limited before the body is even read, so a flood costs neither parsing nor a database write.
router.use('/metrics/view', memoryRateLimit({ windowSeconds: 60, max: VIEWS_PER_MINUTE }));
router.use('/metrics/vitals', memoryRateLimit({ windowSeconds: 60, max: VITALS_PER_MINUTE }));

export const metricsRouter = router
  .openapi(postPageView, async (c) => {
    await countPageView(c.get('services').database.db, c.req.valid('json').path);
    return c.body(null, 204);
  })
  .openapi(postVitals, async (c) => {
    const { path, metrics } = c.req.valid('json');
    await storeVitals(c.get('services').database.db, path, metrics);
    return c.body(null, 204);
  })
  .openapi(getDashboardCounts, async (c) => {
    const actor = await admin(c);
    return c.json(
      await dashboardCounts(c.get('services').database.db, {
        requests: can(actor, 'election', 'manage', null),
      }),
      200,
    );
  })
  .openapi(getUsage, async (c) => {
    await admin(c);
    return c.json(await usageReport(c.get('services').database.db), 200);
  });
