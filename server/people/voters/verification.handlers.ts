import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  applyStudentList as applyCommand,
  previewStudentList as previewQuery,
  rejectVoter as rejectCommand,
  verifyVoter as verifyCommand,
} from './verify-voters.ts';
import { user, voters } from '../../db/schema/index.ts';
import { actorOf } from '../../http/actor.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import {
  applyStudentList,
  listVoters,
  previewStudentList,
  rejectVoter,
  verifyVoter,
} from './verification.routes.ts';

export const verificationRouter = createRouter()
  .openapi(listVoters, async (c) => {
    authorize(await actorOf(c), 'voter', 'verify', null);
    const db = c.get('services').database.db;
    const { q, status, prodi, page, pageSize } = c.req.valid('query');
    const term = q?.trim();
    const where = and(
      status ? eq(voters.status, status) : undefined,
      prodi ? eq(voters.prodi, prodi) : undefined,
      term
        ? or(
            ilike(voters.namaLengkap, `%${term}%`),
            ilike(voters.nim, `%${term}%`),
            ilike(user.email, `%${term}%`),
          )
        : undefined,
    );
    const [rows, [total], byStatus] = await Promise.all([
      db
        .select({ v: voters, email: user.email, emailConfirmed: user.emailVerified })
        .from(voters)
        .innerJoin(user, eq(user.id, voters.userId))
        .where(where)
        .orderBy(
          sql`case ${voters.status} when 'pending' then 0 when 'rejected' then 1 else 2 end`,
          desc(voters.createdAt),
        )
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(voters)
        .innerJoin(user, eq(user.id, voters.userId))
        .where(where),
      db
        .select({ status: voters.status, n: sql<number>`count(*)::int` })
        .from(voters)
        .groupBy(voters.status),
    ]);
    const counts = { pending: 0, verified: 0, rejected: 0 };
    for (const s of byStatus) counts[s.status] = Number(s.n);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        items: rows.map(({ v, email, emailConfirmed }) => ({
          userId: v.userId,
          namaLengkap: v.namaLengkap,
          nim: v.nim,
          prodi: v.prodi,
          email,
          emailConfirmed,
          status: v.status,
          rejectionReason: v.rejectionReason,
          angkatan: v.angkatan,
          createdAt: v.createdAt.toISOString(),
        })),
        total: Number(total?.n ?? 0),
        counts,
      },
      200,
    );
  })
  .openapi(verifyVoter, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'verify', null);
    const { database, mailer, logger, env, background } = c.get('services');
    await verifyCommand(
      { db: database.db, mailer, logger, publicUrl: env.publicUrl, background },
      actor,
      c.req.valid('param').userId,
    );
    return c.json({ status: 'verified' as const }, 200);
  })
  .openapi(rejectVoter, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'verify', null);
    const { database, mailer, logger, env } = c.get('services');
    await rejectCommand(
      { db: database.db, mailer, logger, publicUrl: env.publicUrl },
      actor,
      c.req.valid('param').userId,
      c.req.valid('json').alasan,
    );
    return c.json({ status: 'rejected' as const }, 200);
  })
  .openapi(previewStudentList, async (c) => {
    authorize(await actorOf(c), 'voter', 'verify', null);
    return c.json(await previewQuery(c.get('services').database.db, c.req.valid('json').csv), 200);
  })
  .openapi(applyStudentList, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'verify', null);
    const { database, mailer, logger, env, background } = c.get('services');
    return c.json(
      await applyCommand(
        { db: database.db, mailer, logger, publicUrl: env.publicUrl, background },
        actor,
        c.req.valid('json').csv,
      ),
      200,
    );
  });
