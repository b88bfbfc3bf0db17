import { createRouter } from '../../http/router.ts';
import { loadActor } from '../../policies/actor.ts';
import { presentMe } from '../../presenters/me.ts';
import { getMe } from './me.routes.ts';

export const meRouter = createRouter().openapi(getMe, async (c) => {
  const user = c.get('user');
  c.header('Cache-Control', 'no-store');
  if (!user) return c.json(presentMe(null), 200);
  const actor = await loadActor(c.get('services').database.db, user);
  return c.json(presentMe(actor), 200);
});
