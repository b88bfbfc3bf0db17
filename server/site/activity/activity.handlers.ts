import type { Context } from 'hono';
import { verifyAuditChain } from '../../audit/verify-audit.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import { activityCsv, activityOptions, listActivity as listQuery } from './activity.query.ts';
import {
  exportActivity,
  getActivityChain,
  getActivityOptions,
  listActivity,
} from './activity.routes.ts';

/** Any signed-in admin, or 401/403. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'admin', 'viewActivity', null);
  c.header('Cache-Control', 'no-store');
  return actor;
}

/** YYYYMMDD of today in WIB, for the download's name. */
const wibToday = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' })
    .format(new Date())
    .replace(/-/g, '');

export const activityRouter = createRouter()
  .openapi(listActivity, async (c) => {
    await admin(c);
    const { page, pageSize, ...filter } = c.req.valid('query');
    const { items, total } = await listQuery(c.get('services').database.db, filter, page, pageSize);
    return c.json(
      {
        items: items.map((e) => ({ ...e, at: e.at.toISOString() })),
        total,
        page,
        pageSize,
      },
      200,
    );
  })
  .openapi(getActivityOptions, async (c) => {
    await admin(c);
    return c.json(await activityOptions(c.get('services').database.db), 200);
  })
  .openapi(exportActivity, async (c) => {
    await admin(c);
    const body = activityCsv(c.get('services').database.db, c.req.valid('query'));
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="histori-aktivitas-${wibToday()}.csv"`,
    });
  })
  .openapi(getActivityChain, async (c) => {
    await admin(c);
    return c.json(await verifyAuditChain(c.get('services').database.db), 200);
  });
