import { updateAdminProfile } from '../../commands/update-admin-profile.ts';
import { actorOf } from '../../http/actor.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../policies/authorize.ts';
import { presentAdmin } from '../../presenters/me.ts';
import { getOwnAdmin, updateOwnAdmin } from './admins.routes.ts';

export const adminsRouter = createRouter()
  .openapi(getOwnAdmin, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'admin', 'readOwn', null);
    c.header('Cache-Control', 'no-store');
    return c.json(presentAdmin(actor.admin!), 200);
  })
  .openapi(updateOwnAdmin, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'admin', 'updateOwn', null);
    const saved = await updateAdminProfile(
      c.get('services').database.db,
      actor.user.id,
      c.req.valid('json'),
    );
    return c.json(presentAdmin(saved), 200);
  });
