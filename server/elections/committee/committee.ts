import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import { committeeMembers } from '../../db/schema/index.ts';
import { redeemInvitation } from './invitations.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Passwords } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createAccount, emailTaken } from '../../people/create-account.ts';

/** Creates an account with a valid invitation code and puts it on that election's committee, atomically. */
export async function registerCommittee(
  db: Db,
  hasher: Passwords,
  input: { kodeUndangan: string; namaLengkap: string; email: string; password: string },
) {
  const passwordHash = await hasher.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const account = await createAccount(tx, {
        email: input.email,
        name: input.namaLengkap,
        passwordHash,
        // The invitation code was mailed to this address and works only for it (checked below).
        emailVerified: true,
      });
      const election = await redeemInvitation(tx, input.kodeUndangan, {
        id: account.id,
        email: input.email,
      });
      await tx
        .insert(committeeMembers)
        .values({ electionId: election.id, userId: account.id, namaLengkap: input.namaLengkap });
      await appendAudit(tx, {
        actorId: account.id,
        actorName: input.namaLengkap,
        actorRole: 'panitia',
        action: 'committee.registered',
        entityType: 'election',
        entityId: election.id,
        electionId: election.id,
        summary: `Mendaftar sebagai panitia "${election.title}"`,
      });
      return { account, election };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'user_email_lower_idx')) throw emailTaken();
    throw err;
  }
}

/** A signed-in person joins an election's committee with a code (joining twice changes nothing). */
export async function joinCommittee(db: Db, actor: Actor, code: string) {
  return db.transaction(async (tx) => {
    const election = await redeemInvitation(tx, code, actor.user);
    const inserted = await tx
      .insert(committeeMembers)
      .values({
        electionId: election.id,
        userId: actor.user.id,
        namaLengkap: actor.admin?.namaLengkap || actor.voter?.namaLengkap || actor.user.name,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) {
      await appendAudit(tx, {
        ...auditActor(actor, 'panitia'),
        action: 'committee.joined',
        entityType: 'election',
        entityId: election.id,
        electionId: election.id,
        summary: `Bergabung sebagai panitia "${election.title}"`,
      });
    }
    return election;
  });
}
