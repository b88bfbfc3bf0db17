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
    const { account, election, joined } = await registerCommand(
      services.database.db,
      services.passwords,
      input,
    );
    await signInNewAccount(c, account.email, input.password);
    const who = `${input.namaLengkap} (${account.email})`;
    if (joined.role === 'saksi')
      await mailCommittee(
        mailDeps(services),
        election.id,
        `${who} mendaftar sebagai saksi untuk ${joined.pasangan} dengan kode undangan.`,
        { alsoTo: [account.email], about: 'witnesses' },
      );
    else
      await mailCommittee(
        mailDeps(services),
        election.id,
        `${who} mendaftar sebagai panitia dengan kode undangan.`,
        { skip: [account.email] },
      );
    const me = presentMe({
      user: account,
      admin: null,
      voter: null,
      committeeOf: joined.role === 'panitia' ? [election.id] : [],
      witnessOf: joined.role === 'saksi' ? [election.id] : [],
      trusteeOf: [],
    });
    return c.json({ me, electionId: election.id, role: joined.role }, 201);
  })
  .openapi(joinCommittee, async (c) => {
    const actor = await actorOf(c);
    if (!actor) throw errors.unauthenticated();
    const services = c.get('services');
    const { election, joined } = await joinCommitteeCommand(
      services.database.db,
      actor,
      c.req.valid('json').kodeUndangan,
    );
    const who = `${actor.user.name} (${actor.user.email})`;
    if (joined.role === 'saksi')
      await mailCommittee(
        mailDeps(services),
        election.id,
        `${who} bergabung sebagai saksi untuk ${joined.pasangan} dengan kode undangan.`,
        { alsoTo: [actor.user.email], about: 'witnesses' },
      );
    else
      await mailCommittee(
        mailDeps(services),
        election.id,
        `${who} bergabung sebagai panitia dengan kode undangan.`,
        { skip: [actor.user.email] },
      );
    return c.json({ electionId: election.id, role: joined.role }, 200);
  })
  .openapi(myCommitteeElections, async (c) => {
    const actor = await actorOf(c);
    if (!actor) throw errors.unauthenticated();
    const ids = [...new Set([...actor.committeeOf, ...actor.witnessOf])];
    const rows = ids.length
      ? await c
          .get('services')
          .database.db.select()
          .from(elections)
          .where(inArray(elections.id, ids))
      : [];
    return c.json(
      {
        items: rows.map((e) => ({
          ...presentElection(e),
          role: actor.committeeOf.includes(e.id) ? ('panitia' as const) : ('saksi' as const),
        })),
      },
      200,
    );
  });
