import { authorize } from '../../access/authorize.ts';
import { actorOf } from '../../http/actor.ts';
import { createRouter } from '../../http/router.ts';
import { outboxReport, retryMail } from './mail.query.ts';
import { getOutbox, retryOutboxMail } from './mail.routes.ts';

export const mailRouter = createRouter()
  .openapi(getOutbox, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await outboxReport(c.get('services').database.db, c.req.valid('query')), 200);
  })
  .openapi(retryOutboxMail, async (c) => {
    const { database, outbox } = c.get('services');
    const actor = await actorOf(c);
    authorize(actor, 'admin', 'manage', null);
    await retryMail(database.db, actor, c.req.valid('param').id);
    outbox.nudge();
    return c.body(null, 204);
  });
