import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  approveElectionRequest,
  rejectElectionRequest,
  submitElectionRequest,
} from './election-requests.ts';
import { committeeInvitations, electionRequests } from '../../db/schema/index.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import { presentElection, presentRequest } from '../present.ts';
import type { Context } from 'hono';
import {
  approveRequest,
  listRequests,
  rejectRequest,
  submitRequest,
} from './election-requests.routes.ts';

const deps = (c: Context<AppEnv>) => {
  const { database, mailer, logger, env } = c.get('services');
  return { db: database.db, mailer, logger, publicUrl: env.publicUrl };
};

export const electionRequestsRouter = createRouter()
  .openapi(submitRequest, async (c) => {
    const request = await submitElectionRequest(deps(c), await actorOf(c), c.req.valid('json'));
    return c.json({ id: request.id, status: 'pending' as const }, 201);
  })
  .openapi(listRequests, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'election', 'manage', null);
    const db = c.get('services').database.db;
    const { status } = c.req.valid('query');
    const rows = await db
      .select()
      .from(electionRequests)
      .where(status ? eq(electionRequests.status, status) : undefined)
      .orderBy(desc(electionRequests.createdAt))
      .limit(500);
    const electionIds = rows.map((r) => r.electionId).filter((id): id is string => Boolean(id));
    const codes = electionIds.length
      ? await db
          .select({
            electionId: committeeInvitations.electionId,
            code: committeeInvitations.code,
            at: committeeInvitations.createdAt,
          })
          .from(committeeInvitations)
          .where(
            and(
              inArray(committeeInvitations.electionId, electionIds),
              isNull(committeeInvitations.revokedAt),
            ),
          )
          .orderBy(desc(committeeInvitations.createdAt))
      : [];
    const latest = new Map<string, string>();
    for (const c of codes) if (!latest.has(c.electionId)) latest.set(c.electionId, c.code);
    return c.json(
      {
        items: rows.map((r) =>
          presentRequest(r, r.electionId ? (latest.get(r.electionId) ?? null) : null),
        ),
      },
      200,
    );
  })
  .openapi(approveRequest, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'election', 'manage', null);
    const { request, election, invitation } = await approveElectionRequest(
      deps(c),
      actor,
      c.req.valid('param').id,
    );
    return c.json(
      {
        request: presentRequest(
          { ...request, status: 'approved', electionId: election.id, decidedAt: new Date() },
          invitation.code,
        ),
        election: presentElection(election),
        kodeUndangan: invitation.code,
      },
      200,
    );
  })
  .openapi(rejectRequest, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'election', 'manage', null);
    const request = await rejectElectionRequest(
      deps(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json').alasan,
    );
    return c.json(presentRequest({ ...request, decidedAt: new Date() }), 200);
  });
