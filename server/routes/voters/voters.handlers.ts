import { registerVoter as registerVoterCommand } from '../../commands/register-voter.ts';
import { updateVoterProfile } from '../../commands/update-voter-profile.ts';
import { actorOf } from '../../http/actor.ts';
import { createRouter } from '../../http/router.ts';
import { signInNewAccount } from '../../http/sign-in-new-account.ts';
import { authorize } from '../../policies/authorize.ts';
import { presentMe, presentVoter } from '../../presenters/me.ts';
import { getOwnVoter, registerVoter, updateOwnVoter } from './voters.routes.ts';

export const votersRouter = createRouter()
  .openapi(registerVoter, async (c) => {
    const { database } = c.get('services');
    const input = c.req.valid('json');
    const { account, voter } = await registerVoterCommand(database.db, input);

    await signInNewAccount(c, account.email, input.password);
    return c.json(presentMe({ user: account, admin: null, voter, committeeOf: [] }), 201);
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
  });
