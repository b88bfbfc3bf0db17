import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_SECURITY,
  requiredFactors,
  securitySettingsSchema,
  type SecondFactor,
  type SecuritySettings,
} from '../../shared/site.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  admins,
  passkey,
  session,
  siteSettings,
  twoFactor,
  user,
  verification,
} from '../db/schema/index.ts';

/** The master's security setting as stored, or nothing required. */
export async function readSecurityPolicy(db: Db | Tx): Promise<SecuritySettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'security'));
  const parsed = row ? securitySettingsSchema.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_SECURITY;
}

/** Which second factors an account has: a verified authenticator, how many passkeys. */
export async function factorsOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      totp: user.twoFactorEnabled,
      passkeys: sql<number>`(select count(*)::int from ${passkey} where ${passkey.userId} = ${userId})`,
    })
    .from(user)
    .where(eq(user.id, userId));
  return { totp: row?.totp ?? false, passkeys: Number(row?.passkeys ?? 0) };
}

export type Factors = Awaited<ReturnType<typeof factorsOf>>;

/** The required factors an account lacks. */
export function missingFactors(policy: SecuritySettings, factors: Factors): SecondFactor[] {
  return requiredFactors(policy).filter((f) =>
    f === 'totp' ? !factors.totp : factors.passkeys === 0,
  );
}

/**
 * The factors an active admin still has to add before the admin area opens to them (one query:
 * the setting and the account's factors together). Empty when nothing is required or all is there.
 */
export async function adminHold(db: Db, userId: string): Promise<SecondFactor[]> {
  const [row] = await db
    .select({
      setting: sql<unknown>`(select ${siteSettings.value} from ${siteSettings} where ${siteSettings.key} = 'security')`,
      totp: user.twoFactorEnabled,
      passkeys: sql<number>`(select count(*)::int from ${passkey} where ${passkey.userId} = ${userId})`,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return [];
  const parsed = securitySettingsSchema.safeParse(row.setting);
  const policy = parsed.success ? parsed.data : DEFAULT_SECURITY;
  return missingFactors(policy, { totp: row.totp, passkeys: Number(row.passkeys) });
}

/**
 * Whether this account may start a session only with a passkey: an active admin who has one while
 * the master requires passkeys (their password, with or without an authenticator code, is then not
 * enough). One query.
 */
export async function passkeyOnly(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      setting: sql<unknown>`(select ${siteSettings.value} from ${siteSettings} where ${siteSettings.key} = 'security')`,
      passkeys: sql<number>`(select count(*)::int from ${passkey} where ${passkey.userId} = ${userId})`,
    })
    .from(admins)
    .where(and(eq(admins.userId, userId), isNull(admins.deactivatedAt)));
  if (!row || Number(row.passkeys) === 0) return false;
  const parsed = securitySettingsSchema.safeParse(row.setting);
  return parsed.success && parsed.data.requirePasskeyForAdmins;
}

/**
 * Takes every second factor off an account (the escape hatch for an admin who lost their
 * device): the authenticator and its recovery codes, every passkey, and every session, so the
 * next sign-in is by password alone (and, where the master requires a factor, held on the
 * enrolment screen). Returns what was removed.
 */
export async function resetSecondFactors(tx: Tx, userId: string) {
  const [{ n: passkeys } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(passkey)
    .where(eq(passkey.userId, userId));
  const removedTotp = await tx
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ id: twoFactor.id });
  await tx.delete(passkey).where(eq(passkey.userId, userId));
  await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
  await tx.delete(session).where(eq(session.userId, userId));
  return { totp: removedTotp.length > 0, passkeys: Number(passkeys) };
}

/**
 * How long a used authenticator code is kept: a code is accepted in its own 30-second step and
 * the steps either side of it (better-auth's window of 1), so 90 seconds at most.
 */
const USED_CODE_SECONDS = 90;

/**
 * Takes an authenticator code for this account before it is checked, so that it is accepted once
 * (RFC 6238 section 5.2: a code that signed someone in must not sign anyone in again, even
 * within its 90 seconds). One statement, so two requests with the same code cannot both take it.
 * Answers the claim's id, or null when the code was used (or is being used) already. The
 * account's expired claims are cleared on the way.
 */
export async function claimTotpCode(db: Db, userId: string, code: string): Promise<string | null> {
  const now = new Date();
  const identifier = `totp-used:${userId}`;
  await db
    .delete(verification)
    .where(and(eq(verification.identifier, identifier), lt(verification.expiresAt, now)));
  const id = `${identifier}:${code}`;
  const expiresAt = new Date(now.getTime() + USED_CODE_SECONDS * 1000);
  const [claimed] = await db
    .insert(verification)
    .values({ id, identifier, value: userId, expiresAt })
    .onConflictDoUpdate({
      target: verification.id,
      set: { expiresAt, updatedAt: now },
      setWhere: lt(verification.expiresAt, now),
    })
    .returning({ id: verification.id });
  return claimed?.id ?? null;
}

/** Gives a claimed code back (the request failed for another reason: it may be typed again). */
export async function releaseTotpCode(db: Db, claimId: string) {
  await db.delete(verification).where(eq(verification.id, claimId));
}
