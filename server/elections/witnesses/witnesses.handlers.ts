import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { authorize } from '../../access/authorize.ts';
import { elections } from '../../db/schema/index.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import {
  inviteWitness as inviteCommand,
  listWitnesses as listQuery,
  removeWitness as removeCommand,
  revokeWitnessInvitation as revokeCommand,
} from './witnesses.ts';
import {
  inviteWitness,
  listWitnesses,
  removeWitness,
  revokeWitnessInvitation,
} from './witnesses.routes.ts';

const deps = (c: Context<AppEnv>) => {
  const { database, mailer, logger, env } = c.get('services');
  return { db: database.db, mailer, logger, publicUrl: env.publicUrl };
};

/** The witnesses of an election: its committee invites, revokes and removes; the master only looks. */
export const witnessesRouter = createRouter()
  .openapi(listWitnesses, async (c) => {
    const { id } = c.req.valid('param');
    const actor = await actorOf(c);
    authorize(actor, 'election', 'viewCommittee', { id });
    const db = c.get('services').database.db;
    const [election] = await db.select().from(elections).where(eq(elections.id, id));
    if (!election) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listQuery(db, actor, election) }, 200);
  })
  .openapi(inviteWitness, async (c) => {
    const { id } = c.req.valid('param');
    const actor = await actorOf(c);
    authorize(actor, 'election', 'prepare', { id });
    const invitation = await inviteCommand(deps(c), actor, id, c.req.valid('json'));
    return c.json(
      {
        code: invitation.code,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        createdAt: new Date().toISOString(),
        candidateId: invitation.candidateId,
      },
      201,
    );
  })
  .openapi(revokeWitnessInvitation, async (c) => {
    const { id, code } = c.req.valid('param');
    const actor = await actorOf(c);
    authorize(actor, 'election', 'prepare', { id });
    await revokeCommand(c.get('services').database.db, actor, id, code);
    return c.body(null, 204);
  })
  .openapi(removeWitness, async (c) => {
    const { id, candidateId } = c.req.valid('param');
    const actor = await actorOf(c);
    authorize(actor, 'election', 'prepare', { id });
    await removeCommand(deps(c), actor, id, { candidateId, alasan: c.req.valid('json').alasan });
    return c.body(null, 204);
  });
