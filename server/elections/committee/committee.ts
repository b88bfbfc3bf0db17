import { and, eq } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { committeeMembers, electionWitnesses } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { redeemInvitation } from './invitations.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Passwords } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createAccount, emailTaken } from '../../people/create-account.ts';
import { joinAsWitness } from '../witnesses/witnesses.ts';

/** What a code made of its user: a committee member, or the witness of one pair (named). */
export type Joined = { role: 'panitia' } | { role: 'saksi'; pasangan: string };

/**
 * Creates an account with a valid invitation code and, atomically, puts it on that election's
 * committee or, with a witness's code, makes it the witness of the code's candidate pair.
 */
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
      const { election, as } = await redeemInvitation(tx, input.kodeUndangan, {
        id: account.id,
        email: input.email,
      });
      if (as.role === 'saksi') {
        const { pasangan } = await joinAsWitness(tx, election, as.candidateId, {
          actor: null,
          userId: account.id,
          namaLengkap: input.namaLengkap,
        });
        return { account, election, joined: { role: 'saksi', pasangan } as Joined };
      }
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
      return { account, election, joined: { role: 'panitia' } as Joined };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'user_email_lower_idx')) throw emailTaken();
    throw err;
  }
}

/** A witness of an election is not also on its committee: refused, and the code stays unused. */
async function refuseWitness(tx: Tx, electionId: string, userId: string) {
  const [witness] = await tx
    .select({ userId: electionWitnesses.userId })
    .from(electionWitnesses)
    .where(and(eq(electionWitnesses.electionId, electionId), eq(electionWitnesses.userId, userId)));
  if (witness) {
    const message =
      'Anda saksi pemilihan ini: saksi tidak dapat sekaligus menjadi anggota panitia.';
    throw new ApiError(409, 'CONFLICT', message, { kodeUndangan: message });
  }
}

/**
 * A signed-in person joins an election's committee with a code (joining twice changes nothing),
 * or becomes the witness of a candidate pair with a witness's code.
 */
export async function joinCommittee(db: Db, actor: Actor, code: string) {
  return db.transaction(async (tx) => {
    const { election, as } = await redeemInvitation(tx, code, actor.user);
    const namaLengkap = actor.admin?.namaLengkap || actor.voter?.namaLengkap || actor.user.name;
    if (as.role === 'saksi') {
      const { pasangan } = await joinAsWitness(tx, election, as.candidateId, {
        actor,
        userId: actor.user.id,
        namaLengkap,
      });
      return { election, joined: { role: 'saksi', pasangan } as Joined };
    }
    await refuseWitness(tx, election.id, actor.user.id);
    const inserted = await tx
      .insert(committeeMembers)
      .values({ electionId: election.id, userId: actor.user.id, namaLengkap })
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
    return { election, joined: { role: 'panitia' } as Joined };
  });
}
