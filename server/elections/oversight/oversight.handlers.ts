import type { Context } from 'hono';
import type { committeeInvitations } from '../../db/schema/index.ts';
import {
  addCommitteeMember as addMemberCommand,
  archiveElection as archiveCommand,
  issueInvitation as issueCommand,
  listAllElections as listAllQuery,
  publishResults as publishCommand,
  removeCommitteeMember as removeMemberCommand,
  revokeInvitation as revokeCommand,
} from './oversight.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { oversightAbilities } from '../policy.ts';
import { mailCommittee } from '../committee/committee-mail.ts';
import { authorize } from '../../access/authorize.ts';
import { presentElection } from '../present.ts';
import {
  addCommitteeMember,
  archiveElection,
  issueInvitation,
  listAllElections,
  publishResults,
  removeCommitteeMember,
  revokeInvitation,
} from './oversight.routes.ts';

type Invitation = Pick<
  typeof committeeInvitations.$inferSelect,
  'code' | 'expiresAt' | 'revokedAt' | 'createdAt' | 'usedAt'
>;

const presentInvitation = (i: Invitation, now: Date) => ({
  code: i.code,
  expiresAt: i.expiresAt.toISOString(),
  revokedAt: i.revokedAt?.toISOString() ?? null,
  createdAt: i.createdAt.toISOString(),
  state: i.revokedAt
    ? ('revoked' as const)
    : i.usedAt
      ? ('used' as const)
      : i.expiresAt <= now
        ? ('expired' as const)
        : ('active' as const),
});

/** The signed-in master, or 401/403. */
async function master(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'election', 'manage', null);
  return actor;
}

const deps = (c: Context<AppEnv>) => {
  const { database, mailer, logger, env } = c.get('services');
  return { db: database.db, mailer, logger, publicUrl: env.publicUrl };
};

export const oversightRouter = createRouter()
  .openapi(listAllElections, async (c) => {
    await master(c);
    const now = new Date();
    const rows = await listAllQuery(c.get('services').database.db);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        items: rows.map((r) => ({
          ...presentElection(r.election, now),
          resultsRelease: r.election.resultsRelease,
          lockedAt: r.election.lockedAt?.toISOString() ?? null,
          rollSize: r.election.rollSize,
          voted: r.voted,
          committee: r.committee.map((m) => ({
            userId: m.userId,
            namaLengkap: m.namaLengkap,
            email: m.email,
            joinedAt: m.joinedAt.toISOString(),
          })),
          invitations: r.invitations.map((i) => presentInvitation(i, now)),
          abilities: oversightAbilities(r.election, now),
        })),
      },
      200,
    );
  })
  .openapi(addCommitteeMember, async (c) => {
    const actor = await master(c);
    const electionId = c.req.valid('param').id;
    const member = await addMemberCommand(
      c.get('services').database.db,
      actor,
      electionId,
      c.req.valid('json').email,
    );
    await mailCommittee(
      deps(c),
      electionId,
      `admin master ${actor.user.name} menambahkan ${member.namaLengkap} ke panitia.`,
    );
    return c.json({ userId: member.userId }, 201);
  })
  .openapi(removeCommitteeMember, async (c) => {
    const actor = await master(c);
    const { id, userId } = c.req.valid('param');
    const removed = await removeMemberCommand(c.get('services').database.db, actor, id, userId);
    await mailCommittee(
      deps(c),
      id,
      `admin master ${actor.user.name} mengeluarkan ${removed.namaLengkap} dari panitia.`,
      { alsoTo: [removed.email] },
    );
    return c.body(null, 204);
  })
  .openapi(issueInvitation, async (c) => {
    const actor = await master(c);
    const invitation = await issueCommand(
      deps(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json').email,
    );
    const now = new Date();
    return c.json(
      presentInvitation({ ...invitation, revokedAt: null, usedAt: null, createdAt: now }, now),
      201,
    );
  })
  .openapi(revokeInvitation, async (c) => {
    const actor = await master(c);
    const { id, code } = c.req.valid('param');
    await revokeCommand(c.get('services').database.db, actor, id, code);
    return c.body(null, 204);
  })
  .openapi(archiveElection, async (c) => {
    const actor = await master(c);
    const row = await archiveCommand(c.get('services').database.db, actor, c.req.valid('param').id);
    return c.json(presentElection(row), 200);
  })
  .openapi(publishResults, async (c) => {
    const actor = await actorOf(c);
    const { id } = c.req.valid('param');
    authorize(actor, 'election', 'publish', { id });
    const row = await publishCommand(c.get('services').database.db, actor, id);
    return c.json(presentElection(row), 200);
  });
