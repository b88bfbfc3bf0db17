import { isReady } from '../../db/client.ts';
import { createRouter } from '../../http/router.ts';
import { healthz, readyz } from './health.routes.ts';

/** Liveness and readiness for load balancers and operators. */
export const healthRouter = createRouter()
  .openapi(healthz, (c) => c.json({ status: 'ok' }, 200))
  .openapi(readyz, async (c) => {
    const { database, lifecycle } = c.get('services');
    if (lifecycle.shuttingDown) return c.json({ status: 'shutting down' }, 503);
    return (await isReady(database))
      ? c.json({ status: 'ready' }, 200)
      : c.json({ status: 'database unavailable' }, 503);
  });
