import { registerVoter as registerVoterCommand } from './register-voter.ts';
import { updateVoterProfile } from './update-voter-profile.ts';
import { actorOf } from '../../http/actor.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import { presentVoter } from '../me/present.ts';
import { REGISTRATION_ANSWER } from '../../../shared/schemas/account.ts';
import { createOwnVoter, getOwnVoter, registerVoter, updateOwnVoter } from './voters.routes.ts';
import { createOwnVoterRecord } from './create-own-voter.ts';

export const votersRouter = createRouter()
  .openapi(registerVoter, async (c) => {
    const services = c.get('services');
    const input = c.req.valid('json');
    const { secret } = await services.auth.$context;
    // Answered before anything is looked up, so neither the answer nor its timing tells whether
    // the email or NIM is known: the outcome goes to the address by mail.
    services.background.run('voter registration', async () => {
      await registerVoterCommand(
        {
          db: services.database.db,
          secret,
          mailer: services.mailer,
          logger: services.logger,
          publicUrl: services.env.publicUrl,
          passwords: services.passwords,
        },
        input,
      );
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'confirmation-sent' as const, message: REGISTRATION_ANSWER }, 202);
  })
  .openapi(getOwnVoter, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'readOwn', null);
    c.header('Cache-Control', 'no-store');
    return c.json(presentVoter(actor.voter!), 200);
  })
  .openapi(updateOwnVoter, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'updateOwn', null);
    const saved = await updateVoterProfile(
      c.get('services').database.db,
      actor.user.id,
      c.req.valid('json'),
    );
    return c.json(presentVoter(saved), 200);
  })
  .openapi(createOwnVoter, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'createOwn', null);
    const created = await createOwnVoterRecord(
      c.get('services').database.db,
      actor.user,
      c.req.valid('json'),
    );
    return c.json(presentVoter(created), 201);
  });
