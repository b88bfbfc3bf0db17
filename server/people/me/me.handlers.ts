import { createRouter } from '../../http/router.ts';
import { actorOf } from '../../http/actor.ts';
import { presentMe } from './present.ts';
import { factorsOf } from '../../auth/second-factor-policy.ts';
import { getMe } from './me.routes.ts';

export const meRouter = createRouter().openapi(getMe, async (c) => {
  c.header('Cache-Control', 'no-store');
  const actor = await actorOf(c);
  const factors = actor ? await factorsOf(c.get('services').database.db, actor.user.id) : undefined;
  return c.json(presentMe(actor, factors), 200);
});
