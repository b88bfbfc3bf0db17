import { inArray } from 'drizzle-orm';
import {
  joinCommittee as joinCommitteeCommand,
  registerCommittee as registerCommand,
} from '../../commands/committee.ts';
import { elections } from '../../db/schema/index.ts';
import { actorOf } from '../../http/actor.ts';
import { errors } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { signInNewAccount } from '../../http/sign-in-new-account.ts';
import { presentElection } from '../../presenters/elections.ts';
import { presentMe } from '../../presenters/me.ts';
import { joinCommittee, myCommitteeElections, registerCommittee } from './committee.routes.ts';

export const committeeRouter = createRouter()
  .openapi(registerCommittee, async (c) => {
    const { database } = c.get('services');
    const input = c.req.valid('json');
    const { account, election } = await registerCommand(database.db, input);
    await signInNewAccount(c, account.email, input.password);
    const me = presentMe({ user: account, admin: null, voter: null, committeeOf: [election.id] });
    return c.json({ me, electionId: election.id }, 201);
  })
  .openapi(joinCommittee, async (c) => {
    const actor = await actorOf(c);
    if (!actor) throw errors.unauthenticated();
    const election = await joinCommitteeCommand(
      c.get('services').database.db,
      actor,
      c.req.valid('json').kodeUndangan,
    );
    return c.json({ electionId: election.id }, 200);
  })
  .openapi(myCommitteeElections, async (c) => {
    const actor = await actorOf(c);
    if (!actor) throw errors.unauthenticated();
    const rows = actor.committeeOf.length
      ? await c
          .get('services')
          .database.db.select()
          .from(elections)
          .where(inArray(elections.id, actor.committeeOf))
      : [];
    return c.json({ items: rows.map((e) => presentElection(e)) }, 200);
  });
