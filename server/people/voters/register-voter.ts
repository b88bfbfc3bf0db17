import { and, eq, lt, notExists, or, sql } from 'drizzle-orm';
import { nimHeldBy } from '../../db/nim-lookup.ts';
import { admins, user, voters } from '../../db/schema/index.ts';
import {
  alreadyRegisteredMail,
  nimClaimedMail,
  nimInUseMail,
} from '../../mail/templates/registration.ts';
import { sendCappedMail } from '../../abuse/mail-quota.ts';
import {
  CONFIRMATION_HOURS,
  sendConfirmation,
  type ConfirmationDeps,
} from '../../auth/confirmation.ts';
import type { Prodi } from '../../../shared/people.ts';
import type { Passwords } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createAccount } from '../create-account.ts';

export type RegistrationDeps = ConfirmationDeps & { passwords: Passwords };

export type RegistrationInput = {
  namaLengkap: string;
  /** Already in its stored form (shared/nim.ts). */
  nim: string;
  prodi: Prodi;
  email: string;
  password: string;
};

type Outcome =
  | { kind: 'created'; id: string; email: string; name: string }
  | { kind: 'unconfirmed'; id: string; email: string; name: string }
  | { kind: 'email-in-use'; name: string }
  | { kind: 'nim-in-use'; owner: { email: string; name: string } };

/**
 * A voter registration, run after the request has been answered: the answer is the same whether
 * the email or NIM is new or known, and takes the same time, because it waits for none of this.
 * What happened is told by mail to whoever owns the address (see templates/registration.ts):
 *
 * - new email and NIM: the account and voter record (awaiting verification) are created in one
 *   transaction, and the confirmation link is mailed; the account cannot sign in before it is opened;
 * - the email has an account: its owner is told (or, still unconfirmed, sent the link again);
 * - the NIM is another account's: the registrant and that account's owner are told.
 *
 * An unconfirmed registration older than its link gives way: its email and NIM are free again.
 */
export async function registerVoter(deps: RegistrationDeps, input: RegistrationInput) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await deps.passwords.hash(input.password);
  let outcome: Outcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const stale = new Date(Date.now() - CONFIRMATION_HOURS * 3_600_000);
      // Only a voter registration nobody confirmed: never an admin's account awaiting its first password.
      await tx
        .delete(user)
        .where(
          and(
            eq(user.emailVerified, false),
            lt(user.createdAt, stale),
            notExists(tx.select().from(admins).where(eq(admins.userId, user.id))),
            or(
              sql`lower(${user.email}) = ${email}`,
              sql`${user.id} in (select ${voters.userId} from ${voters} where ${nimHeldBy(input.nim)})`,
            ),
          ),
        );
      const [byEmail] = await tx
        .select({ id: user.id, email: user.email, name: user.name, confirmed: user.emailVerified })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`);
      if (byEmail)
        return byEmail.confirmed
          ? { kind: 'email-in-use' as const, name: byEmail.name }
          : { kind: 'unconfirmed' as const, ...byEmail };
      const [owner] = await tx
        .select({ email: user.email, name: voters.namaLengkap })
        .from(voters)
        .innerJoin(user, eq(user.id, voters.userId))
        .where(nimHeldBy(input.nim));
      if (owner) return { kind: 'nim-in-use' as const, owner };
      const account = await createAccount(tx, {
        email,
        passwordHash,
        name: input.namaLengkap,
        emailVerified: false,
      });
      await tx.insert(voters).values({
        userId: account.id,
        namaLengkap: input.namaLengkap,
        nim: input.nim,
        prodi: input.prodi,
      });
      return { kind: 'created' as const, ...account };
    });
  } catch (err) {
    // A registration racing this one took the email or the NIM first: tell as if it had been there.
    if (isUniqueViolation(err, 'user_email_lower_idx'))
      outcome = { kind: 'email-in-use', name: input.namaLengkap };
    else if (isUniqueViolation(err, 'voters_nim_unique')) {
      const [owner] = await deps.db
        .select({ email: user.email, name: voters.namaLengkap })
        .from(voters)
        .innerJoin(user, eq(user.id, voters.userId))
        .where(nimHeldBy(input.nim));
      if (!owner) throw err;
      outcome = { kind: 'nim-in-use', owner };
    } else throw err;
  }

  switch (outcome.kind) {
    case 'created':
    case 'unconfirmed':
      await sendConfirmation(deps, outcome);
      return outcome.kind;
    case 'email-in-use':
      await sendCappedMail(deps, 'registration-notice', email, () =>
        alreadyRegisteredMail({
          nama: outcome.name,
          loginUrl: `${deps.publicUrl}/login-pemilih`,
          resetUrl: `${deps.publicUrl}/lupa-sandi`,
        }),
      );
      return outcome.kind;
    case 'nim-in-use':
      await sendCappedMail(deps, 'registration-notice', email, () =>
        nimInUseMail({ nama: input.namaLengkap, nim: input.nim }),
      );
      await sendCappedMail(deps, 'registration-notice', outcome.owner.email, () =>
        nimClaimedMail({ nama: outcome.owner.name, nim: input.nim }),
      );
      return outcome.kind;
  }
}
