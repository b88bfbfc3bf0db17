import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_SECURITY,
  requiredFactors,
  securitySettingsSchema,
  type SecondFactor,
  type SecuritySettings,
} from '../../shared/site.ts';
import type { Db, Tx } from '../db/client.ts';
import { admins, passkey, session, siteSettings, twoFactor, user } from '../db/schema/index.ts';

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
