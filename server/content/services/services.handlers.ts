import type { Context } from 'hono';
import {
  createService as createCommand,
  deleteService as deleteCommand,
  getService,
  listServices as listQuery,
  moveService as moveCommand,
  presentService,
  updateService as updateCommand,
} from './services.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import {
  createService,
  deleteService,
  listServices,
  moveService,
  updateService,
} from './services.routes.ts';

/** The signed-in admin, or 401/403 before anything is changed. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'content', 'manage', null);
  return actor;
}

const db = (c: Context<AppEnv>) => c.get('services').database.db;

export const servicesRouter = createRouter()
  .openapi(listServices, async (c) => {
    const { items, total } = await listQuery(db(c), c.req.valid('query'));
    c.header('Cache-Control', 'no-cache');
    return c.json({ items: items.map(presentService), total }, 200);
  })
  .openapi(createService, async (c) => {
    const actor = await admin(c);
    const row = await createCommand(db(c), actor, c.req.valid('json'));
    return c.json(presentService(await getService(db(c), row.id)), 201);
  })
  .openapi(updateService, async (c) => {
    const actor = await admin(c);
    const { id } = c.req.valid('param');
    await updateCommand(db(c), actor, id, c.req.valid('json'));
    return c.json(presentService(await getService(db(c), id)), 200);
  })
  .openapi(deleteService, async (c) => {
    const actor = await admin(c);
    await deleteCommand(db(c), actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(moveService, async (c) => {
    const actor = await admin(c);
    await moveCommand(db(c), actor, c.req.valid('param').id, c.req.valid('json').direction);
    return c.body(null, 204);
  });
