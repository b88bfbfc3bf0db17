import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';
import type { AdminRole } from '../../../shared/people.ts';
import { passwords, type Passwords } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createAccount, emailTaken } from '../create-account.ts';

/** Creates an account with an admins record in one transaction. */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; name: string; role: AdminRole },
  hasher: Passwords = passwords(),
) {
  const passwordHash = await hasher.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const account = await createAccount(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        emailVerified: true, // the operator vouches for the address
      });
      const [admin] = await tx
        .insert(admins)
        .values({
          userId: account.id,
          role: input.role,
          namaLengkap: input.name,
          namaTampilan: input.name,
        })
        .returning();
      return { account, admin: admin! };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'user_email_lower_idx')) throw emailTaken();
    throw err;
  }
}

/** True when at least one master admin exists. */
export async function hasMasterAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: admins.userId })
    .from(admins)
    .where(eq(admins.role, 'master'))
    .limit(1);
  return rows.length > 0;
}
