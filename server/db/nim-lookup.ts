import { inArray, or, sql, eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { user, voters } from './schema/index.ts';
import { normalizeNim } from '../../shared/nim.ts';

/**
 * Finding voters by NIM. New NIMs are stored in their one form (shared/nim.ts); records from
 * before that rule whose NIM a locked roll or a vote already named keep their leading zeros. Every
 * lookup by NIM matches both spellings, so such a voter is still one student.
 */

/** The condition "this voter holds `nim`" (`nim` in its stored form). */
export const nimHeldBy = (nim: string) =>
  or(eq(voters.nim, nim), sql`ltrim(${voters.nim}, '0') = ${nim}`);

/** The stored form of a NIM as it is written in a record (legacy spellings included). */
export const storedForm = (nim: string) => {
  const r = normalizeNim(nim);
  return r.ok ? r.nim : nim;
};

/**
 * The registered voters holding these NIMs (stored forms), by stored form, with the spelling
 * their record has (which rolls must use so that lock and casting match them).
 */
export async function votersByNim(db: Db | Tx, nims: string[]) {
  const found = new Map<
    string,
    typeof voters.$inferSelect & { email: string; emailConfirmed: boolean }
  >();
  for (let i = 0; i < nims.length; i += 1000) {
    const chunk = nims.slice(i, i + 1000);
    const rows = await db
      .select({ v: voters, email: user.email, emailConfirmed: user.emailVerified })
      .from(voters)
      .innerJoin(user, eq(user.id, voters.userId))
      .where(or(inArray(voters.nim, chunk), inArray(sql`ltrim(${voters.nim}, '0')`, chunk)));
    for (const { v, email, emailConfirmed } of rows)
      found.set(storedForm(v.nim), { ...v, email, emailConfirmed });
  }
  return found;
}
