import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  addAdmin as addAdminCommand,
  changeAdminRole as changeRoleCommand,
  deactivateAdmin as deactivateCommand,
  listAdmins as listAdminsQuery,
  reactivateAdmin as reactivateCommand,
  resetAdminSecondFactor as resetSecondFactorCommand,
} from './manage-admins.ts';
import { updateAdminProfile } from './update-admin-profile.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import { managedAdminAbilities } from './policy.ts';
import type { AdminRecord } from '../../auth/actor.ts';
import { presentAdmin } from '../me/present.ts';
import {
  addAdmin,
  changeAdminRole,
  deactivateAdmin,
  getOwnAdmin,
  listAdmins,
  reactivateAdmin,
  resetAdminSecondFactor,
  updateOwnAdmin,
} from './admins.routes.ts';

type Listed = Pick<
  AdminRecord,
  'userId' | 'namaLengkap' | 'namaTampilan' | 'role' | 'deactivatedAt' | 'createdAt'
> & { email: string };

const presentManaged = (a: Listed) => ({
  userId: a.userId,
  email: a.email,
  namaLengkap: a.namaLengkap,
  namaTampilan: a.namaTampilan,
  role: a.role,
  active: a.deactivatedAt === null,
  deactivatedAt: a.deactivatedAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
});

async function withEmail(db: Db, a: AdminRecord): Promise<Listed> {
  const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, a.userId));
  return { ...a, email: u?.email ?? '' };
}

/** The signed-in master, or 401/403. */
async function master(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'admin', 'manage', null);
  return actor;
}

export const adminsRouter = createRouter()
  .openapi(getOwnAdmin, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'admin', 'readOwn', null);
    c.header('Cache-Control', 'no-store');
    return c.json(presentAdmin(actor.admin!), 200);
  })
  .openapi(updateOwnAdmin, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'admin', 'updateOwn', null);
    const saved = await updateAdminProfile(
      c.get('services').database.db,
      actor.user.id,
      c.req.valid('json'),
    );
    return c.json(presentAdmin(saved), 200);
  })
  .openapi(listAdmins, async (c) => {
    await master(c);
    const rows = await listAdminsQuery(c.get('services').database.db);
    c.header('Cache-Control', 'no-store');
    const activeMasters = rows.filter((r) => r.role === 'master' && !r.deactivatedAt).length;
    return c.json(
      {
        items: rows.map((r) => ({
          ...presentManaged(r),
          twoFactorEnabled: r.twoFactorEnabled,
          passkeys: Number(r.passkeys),
          abilities: managedAdminAbilities(r, activeMasters),
        })),
      },
      200,
    );
  })
  .openapi(addAdmin, async (c) => {
    const actor = await master(c);
    const { database, mailer, logger, env, passwords } = c.get('services');
    const { admin, newAccount } = await addAdminCommand(
      { db: database.db, mailer, logger, publicUrl: env.publicUrl, passwords },
      actor,
      c.req.valid('json'),
    );
    return c.json({ admin: presentManaged(await withEmail(database.db, admin)), newAccount }, 201);
  })
  .openapi(changeAdminRole, async (c) => {
    const actor = await master(c);
    const db = c.get('services').database.db;
    const saved = await changeRoleCommand(
      db,
      actor,
      c.req.valid('param').userId,
      c.req.valid('json').role,
    );
    return c.json(presentManaged(await withEmail(db, saved)), 200);
  })
  .openapi(deactivateAdmin, async (c) => {
    const actor = await master(c);
    const db = c.get('services').database.db;
    const saved = await deactivateCommand(db, actor, c.req.valid('param').userId);
    return c.json(presentManaged(await withEmail(db, saved)), 200);
  })
  .openapi(reactivateAdmin, async (c) => {
    const actor = await master(c);
    const db = c.get('services').database.db;
    const saved = await reactivateCommand(db, actor, c.req.valid('param').userId);
    return c.json(presentManaged(await withEmail(db, saved)), 200);
  })
  .openapi(resetAdminSecondFactor, async (c) => {
    const actor = await master(c);
    const db = c.get('services').database.db;
    return c.json(await resetSecondFactorCommand(db, actor, c.req.valid('param').userId), 200);
  });
