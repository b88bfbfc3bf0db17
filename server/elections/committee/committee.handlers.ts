import { inArray } from 'drizzle-orm';
import {
  joinCommittee as joinCommitteeCommand,
  registerCommittee as registerCommand,
} from './committee.ts';
import { elections } from '../../db/schema/index.ts';
import { mailCommittee } from './committee-mail.ts';
import type { Services } from '../../http/context.ts';
import { actorOf } from '../../http/actor.ts';
import { errors } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { signInNewAccount } from '../../http/sign-in-new-account.ts';
import { presentElection } from '../present.ts';
import { presentMe } from '../../people/me/present.ts';
import { joinCommittee, myCommitteeElections, registerCommittee } from './committee.routes.ts';

const mailDeps = (s: Services) => ({
  db: s.database.db,
  mailer: s.mailer,
  logger: s.logger,
  publicUrl: s.env.publicUrl,
});

export const committeeRouter = createRouter()
  .openapi(registerCommittee, async (c) => {
    const services = c.get('services');
    const input = c.req.valid('json');
    const { account, election } = await registerCommand(
      services.database.db,
      services.passwords,
      input,
    );
    await signInNewAccount(c, account.email, input.password);
    void mailCommittee(
      mailDeps(services),
      election.id,
      `${input.namaLengkap} (${account.email}) mendaftar sebagai panitia dengan kode undangan.`,
    );
    const me = presentMe({
      user: account,
      admin: null,
      voter: null,
      committeeOf: [election.id],
      witnessOf: [],
      trusteeOf: [],
    });
    return c.json({ me, electionId: election.id }, 201);
  })
  .openapi(joinCommittee, async (c) => {
    const actor = await actorOf(c);
    if (!actor) throw errors.unauthenticated();
    const services = c.get('services');
    const election = await joinCommitteeCommand(
      services.database.db,
      actor,
      c.req.valid('json').kodeUndangan,
    );
    void mailCommittee(
      mailDeps(services),
      election.id,
      `${actor.user.name} (${actor.user.email}) bergabung sebagai panitia dengan kode undangan.`,
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
