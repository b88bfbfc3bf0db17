import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { account, user } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';

export const emailTaken = () =>
  new ApiError(
    409,
    'EMAIL_TAKEN',
    'Email sudah terdaftar. Silakan masuk atau gunakan email lain.',
    {
      email: 'Email sudah terdaftar.',
    },
  );

/**
 * Creates a better-auth user with an email + password credential inside the caller's
 * transaction, so the person's role record is written atomically with the account.
 * The hash comes from the instance's `Passwords` (server/auth/passwords.ts, which better-auth's sign-in
 * uses too), computed before the transaction: scrypt is slow and must not hold the database.
 */
export async function createAccount(
  tx: Db | Tx,
  input: {
    email: string;
    passwordHash: string;
    name: string;
    /** True only when the address is already proven (a code mailed to it, the operator's command). */
    emailVerified: boolean;
  },
): Promise<{ id: string; email: string; name: string }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await tx
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (existing) throw emailTaken();
  const id = crypto.randomUUID();
  await tx.insert(user).values({ id, email, name: input.name, emailVerified: input.emailVerified });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: input.passwordHash,
  });
  return { id, email, name: input.name };
}
