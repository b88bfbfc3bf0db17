import crypto from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminRole } from '../../../shared/people.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { account, admins, session, user, verification } from '../../db/schema/index.ts';
import { ApiError, errors } from '../../http/errors.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../../auth/actor.ts';
import { isLastActiveMaster } from './policy.ts';
import { adminInvitationMail } from './admin-mails.ts';
import type { Passwords } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createAccount, emailTaken } from '../create-account.ts';
import { resetSecondFactors } from '../../auth/second-factor-policy.ts';

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; passwords: Passwords };

// Every change to admin records takes this lock first (before the audit lock), so two masters
// acting at once are serialised and the count of active masters they check is the real one.
const ADMIN_LOCK_KEY = 7_204_613_514;

/** How long the invitation link (a better-auth password-reset token) stays valid. */
export const INVITATION_DAYS = 3;

const roleLabel = (role: AdminRole) => (role === 'master' ? 'admin master' : 'admin');

const lastMaster = (field: string) =>
  new ApiError(
    409,
    'LAST_MASTER',
    'Harus ada minimal satu admin master aktif. Jadikan admin lain master terlebih dahulu.',
    { [field]: 'Ini satu-satunya admin master aktif.' },
  );

/** Every admin with their account's email, masters first. */
export async function listAdmins(db: Db) {
  return db
    .select({
      userId: admins.userId,
      email: user.email,
      twoFactorEnabled: user.twoFactorEnabled,
      passkeys: sql<number>`(select count(*)::int from passkey where passkey.user_id = ${admins.userId})`,
      namaLengkap: admins.namaLengkap,
      namaTampilan: admins.namaTampilan,
      role: admins.role,
      deactivatedAt: admins.deactivatedAt,
      createdAt: admins.createdAt,
    })
    .from(admins)
    .innerJoin(user, eq(user.id, admins.userId))
    .orderBy(asc(admins.role), asc(admins.namaLengkap), asc(user.email));
}

/**
 * Takes the admin lock and answers the active masters' ids; refuses (403) when the actor is no
 * longer one of them (demoted or deactivated by a request that committed first).
 */
async function lockAsMaster(tx: Tx, actor: Actor): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
  const masters = await tx
    .select({ userId: admins.userId })
    .from(admins)
    .where(and(eq(admins.role, 'master'), isNull(admins.deactivatedAt)))
    .for('update');
  const ids = masters.map((m) => m.userId);
  if (!ids.includes(actor.user.id)) throw errors.forbidden();
  return ids;
}

async function targetOr404(tx: Tx, userId: string) {
  const [row] = await tx.select().from(admins).where(eq(admins.userId, userId)).for('update');
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'Admin tidak ditemukan.');
  return row;
}

const nameOf = (a: { namaTampilan: string; namaLengkap: string }) =>
  a.namaTampilan || a.namaLengkap;

/** A token like better-auth's own (letters and digits), for its password-reset flow. */
function resetToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.randomBytes(24), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Adds an admin by email. Whoever reads that mailbox, and only they, becomes the admin: the account
 * (new, or existing — e.g. a voter's) gets an unusable random password, every session it has ends,
 * and the mail carries a single-use link to set a password (better-auth's reset flow, /lupa-sandi).
 * So an account someone registered earlier under another person's address (addresses are not
 * verified at registration) never receives the role.
 */
export async function addAdmin(
  deps: Deps,
  actor: Actor,
  input: { email: string; namaLengkap: string; role: AdminRole },
) {
  // scrypt is slow: hashed before the transaction, used only if the account is new.
  const passwordHash = await deps.passwords.hash(crypto.randomBytes(32).toString('base64url'));
  const token = resetToken();
  let result;
  try {
    result = await deps.db.transaction(async (tx) => {
      await lockAsMaster(tx, actor);
      const [existing] = await tx
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(sql`lower(${user.email}) = ${input.email}`);
      let userId: string;
      if (existing) {
        const [record] = await tx.select().from(admins).where(eq(admins.userId, existing.id));
        if (record?.deactivatedAt)
          throw new ApiError(
            409,
            'ADMIN_DEACTIVATED',
            'Orang ini admin yang dinonaktifkan. Aktifkan kembali dari daftar admin.',
            { email: 'Admin ini dinonaktifkan; aktifkan kembali dari daftar.' },
          );
        if (record)
          throw new ApiError(409, 'ALREADY_ADMIN', 'Orang ini sudah menjadi admin.', {
            email: 'Sudah menjadi admin.',
          });
        userId = existing.id;
        // Control of the mailbox is what proves the person: the old password and sessions go.
        await tx
          .update(account)
          .set({ password: passwordHash })
          .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
        await tx.delete(session).where(eq(session.userId, userId));
      } else {
        const created = await createAccount(tx, {
          email: input.email,
          name: input.namaLengkap,
          passwordHash,
          emailVerified: false, // proven when they set a password through the mailed link
        });
        userId = created.id;
      }
      await tx.insert(verification).values({
        id: crypto.randomUUID(),
        identifier: `reset-password:${token}`,
        value: userId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      });
      const [admin] = await tx
        .insert(admins)
        .values({
          userId,
          role: input.role,
          namaLengkap: input.namaLengkap,
          namaTampilan: input.namaLengkap,
        })
        .returning();
      await appendAudit(tx, {
        ...auditActor(actor, 'master'),
        action: 'admin.added',
        entityType: 'admin',
        entityId: userId,
        // The address stays out of the append-only log (personal data it could never erase).
        summary: `Menambahkan ${input.namaLengkap} sebagai ${roleLabel(input.role)}${existing ? ' (akun yang sudah ada; kata sandi diatur ulang lewat email)' : ' (akun baru, undangan dikirim lewat email)'}`,
        details: { role: input.role, newAccount: !existing },
      });
      return { admin: admin!, newAccount: !existing };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'user_email_lower_idx')) throw emailTaken();
    if (isUniqueViolation(err, 'admins_pkey'))
      throw new ApiError(409, 'ALREADY_ADMIN', 'Orang ini sudah menjadi admin.', {
        email: 'Sudah menjadi admin.',
      });
    throw err;
  }

  const message: Omit<Mail, 'to'> = adminInvitationMail({
    nama: input.namaLengkap,
    role: input.role,
    // The page greets them as invited (`undangan=1` changes only its words).
    url: `${deps.publicUrl}/lupa-sandi?token=${encodeURIComponent(token)}&undangan=1`,
    validDays: INVITATION_DAYS,
    forgotUrl: `${deps.publicUrl}/lupa-sandi`,
    existingAccount: !result.newAccount,
  });
  await deps.mailer
    .send({ to: input.email, ...message })
    .catch((err: unknown) => deps.logger.error({ err }, 'admin mail failed'));
  return result;
}

/** Makes an admin a master or a plain admin; the last active master is never demoted. */
export async function changeAdminRole(db: Db, actor: Actor, userId: string, role: AdminRole) {
  return db.transaction(async (tx) => {
    const masters = await lockAsMaster(tx, actor);
    const target = await targetOr404(tx, userId);
    if (target.role === role) return target;
    if (isLastActiveMaster(target, masters.length)) throw lastMaster('role');
    const [saved] = await tx
      .update(admins)
      .set({ role })
      .where(eq(admins.userId, userId))
      .returning();
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'admin.role-changed',
      entityType: 'admin',
      entityId: userId,
      summary: `Mengubah peran ${nameOf(target)} dari ${roleLabel(target.role)} menjadi ${roleLabel(role)}`,
      details: { from: target.role, to: role },
    });
    return saved!;
  });
}

/**
 * Deactivates an admin: the record stays (history names it), the role goes at once, and every
 * session of that person ends. The last active master is never deactivated.
 */
export async function deactivateAdmin(db: Db, actor: Actor, userId: string) {
  return db.transaction(async (tx) => {
    const masters = await lockAsMaster(tx, actor);
    const target = await targetOr404(tx, userId);
    if (target.deactivatedAt)
      throw new ApiError(409, 'ALREADY_DEACTIVATED', 'Admin ini sudah dinonaktifkan.');
    if (isLastActiveMaster(target, masters.length)) throw lastMaster('userId');
    const [saved] = await tx
      .update(admins)
      .set({ deactivatedAt: new Date() })
      .where(eq(admins.userId, userId))
      .returning();
    const ended = await tx
      .delete(session)
      .where(eq(session.userId, userId))
      .returning({ id: session.id });
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'admin.deactivated',
      entityType: 'admin',
      entityId: userId,
      summary: `Menonaktifkan ${roleLabel(target.role)} ${nameOf(target)}`,
      details: { role: target.role, sessionsEnded: ended.length },
    });
    return saved!;
  });
}

/** Gives a deactivated admin their role back. */
export async function reactivateAdmin(db: Db, actor: Actor, userId: string) {
  return db.transaction(async (tx) => {
    await lockAsMaster(tx, actor);
    const target = await targetOr404(tx, userId);
    if (!target.deactivatedAt) throw new ApiError(409, 'ALREADY_ACTIVE', 'Admin ini sudah aktif.');
    const [saved] = await tx
      .update(admins)
      .set({ deactivatedAt: null })
      .where(eq(admins.userId, userId))
      .returning();
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'admin.reactivated',
      entityType: 'admin',
      entityId: userId,
      summary: `Mengaktifkan kembali ${roleLabel(target.role)} ${nameOf(target)}`,
      details: { role: target.role },
    });
    return saved!;
  });
}

/**
 * The escape hatch for an admin who lost their device: takes their authenticator, recovery
 * codes and passkeys off and ends their sessions, with an audit entry. By a master (actor), or
 * by the operator's `npm run admin -- reset-2fa` (actor null).
 */
export async function resetAdminSecondFactor(db: Db, actor: Actor | null, userId: string) {
  return db.transaction(async (tx) => {
    if (actor) await lockAsMaster(tx, actor);
    else await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    const target = await targetOr404(tx, userId);
    const removed = await resetSecondFactors(tx, userId);
    await appendAudit(tx, {
      ...(actor
        ? auditActor(actor, 'master')
        : { actorId: null, actorName: 'Operator (CLI)', actorRole: 'sistem' }),
      action: 'second-factor.reset',
      entityType: 'admin',
      entityId: userId,
      summary: `Mereset 2FA dan passkey ${roleLabel(target.role)} ${nameOf(target)}`,
      details: { totp: removed.totp, passkeys: removed.passkeys },
    });
    return removed;
  });
}
