import { createRouter } from '../../http/router.ts';
import { actorOf } from '../../http/actor.ts';
import { presentMe } from './present.ts';
import { getMe } from './me.routes.ts';

export const meRouter = createRouter().openapi(getMe, async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(presentMe(await actorOf(c)), 200);
});
