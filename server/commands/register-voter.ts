import type { Db } from '../db/client.ts';
import { voters } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Prodi } from '../../shared/people.ts';
import { createAccount, emailTaken, hashPassword, isUniqueViolation } from './create-account.ts';
import { eq } from 'drizzle-orm';

const nimTaken = () =>
  new ApiError(409, 'NIM_TAKEN', 'NIM sudah terdaftar. Jika ini NIM Anda, hubungi admin BEM.', {
    nim: 'NIM sudah terdaftar.',
  });

/** Creates the account and the voter record (awaiting verification) in one transaction. */
export async function registerVoter(
  db: Db,
  input: { namaLengkap: string; nim: string; prodi: Prodi; email: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [nimOwner] = await tx
        .select({ id: voters.userId })
        .from(voters)
        .where(eq(voters.nim, input.nim));
      if (nimOwner) throw nimTaken();
      const account = await createAccount(tx, {
        email: input.email,
        passwordHash,
        name: input.namaLengkap,
      });
      const [voter] = await tx
        .insert(voters)
        .values({
          userId: account.id,
          namaLengkap: input.namaLengkap,
          nim: input.nim,
          prodi: input.prodi,
        })
        .returning();
      return { account, voter: voter! };
    });
  } catch (err) {
    // Two registrations racing past the checks above meet the unique indexes instead.
    if (isUniqueViolation(err, 'voters_nim_unique')) throw nimTaken();
    if (isUniqueViolation(err, 'user_email_lower_idx')) throw emailTaken();
    throw err;
  }
}
