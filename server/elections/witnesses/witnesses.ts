import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  candidates,
  committeeInvitations,
  committeeMembers,
  elections,
  electionWitnesses,
  user,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { witnessInvitationMail } from '../../mail/templates/election-requests.ts';
import type { Logger } from '../../runtime/logger.ts';
import { mailCommittee } from '../committee/committee-mail.ts';
import { createInvitation } from '../committee/invitations.ts';
import { witnessAbilities } from '../policy.ts';
import { canInviteWitness } from '../rules/lifecycle.ts';
import { electionForUpdate } from '../setup/guard.ts';

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };
type Election = typeof elections.$inferSelect;
type Candidate = Pick<typeof candidates.$inferSelect, 'nomorUrut' | 'namaKetua' | 'namaWakil'>;

const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, 'CONFLICT', message, fields);

/** "Pasangan nomor 1: Ketua & Wakil" (or "Calon nomor 1: Ketua" without a running mate). */
export function pairName(c: Candidate): string {
  return c.namaWakil
    ? `Pasangan nomor ${c.nomorUrut}: ${c.namaKetua} & ${c.namaWakil}`
    : `Calon nomor ${c.nomorUrut}: ${c.namaKetua}`;
}

/** An invitation still usable: not used, not revoked, not expired. */
const live = () =>
  and(
    eq(committeeInvitations.role, 'saksi'),
    isNull(committeeInvitations.usedAt),
    isNull(committeeInvitations.revokedAt),
    gt(committeeInvitations.expiresAt, sql`now()`),
  );

/**
 * The committee invites one witness for a candidate pair of a draft election: a single-use
 * SKS- code bound to `email`, mailed to it. A pair has at most one witness and one live
 * invitation: a second is refused (409) rather than replacing the first, so the committee
 * revokes the old code explicitly ("Cabut") and nobody's code stops working unseen. The
 * witness must be someone other than the committee and the other pairs' witnesses.
 */
export async function inviteWitness(
  deps: Deps,
  actor: Actor,
  electionId: string,
  input: { candidateId: string; email: string },
) {
  const email = input.email.trim().toLowerCase();
  const { election, candidate, invitation } = await deps.db.transaction(async (tx) => {
    // The row lock makes invitations of one election wait for each other, so two at once
    // cannot both pass the checks below.
    const election = await electionForUpdate(tx, electionId);
    const refused = canInviteWitness(election);
    if (refused) throw conflict(refused);
    const [candidate] = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.id, input.candidateId), eq(candidates.electionId, electionId)));
    if (!candidate)
      throw new ApiError(404, 'NOT_FOUND', 'Kandidat tidak ditemukan di pemilihan ini.', {
        candidateId: 'Kandidat tidak ditemukan di pemilihan ini.',
      });
    await refuseTaken(tx, election, candidate, email);
    const invitation = await createInvitation(tx, electionId, actor.user.id, email, {
      role: 'saksi',
      candidateId: candidate.id,
    });
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'witness.invitation-issued',
      entityType: 'election',
      entityId: electionId,
      electionId,
      // The invitee's address stays out of the append-only log (personal data it could never erase).
      summary: `Mengundang saksi nomor urut ${candidate.nomorUrut} "${election.title}" (dikirim lewat email)`,
      details: { candidateId: candidate.id },
    });
    return { election, candidate, invitation };
  });
  await deps.mailer
    .send({
      to: email,
      ...witnessInvitationMail({
        namaPemilihan: election.title,
        pasangan: pairName(candidate),
        code: invitation.code,
        expiresAt: invitation.expiresAt,
        registerUrl: `${deps.publicUrl}/register-panitia`,
      }),
    })
    .catch((err: unknown) => deps.logger.error({ err }, 'witness invitation mail failed'));
  return { ...invitation, candidateId: candidate.id, email };
}

/** Why `email` may not be invited as the witness of `candidate` now, thrown as a 409. */
async function refuseTaken(
  tx: Tx,
  election: Election,
  candidate: Candidate & { id: string },
  email: string,
) {
  const pair = candidate.namaWakil ? 'Pasangan' : 'Calon';
  const [witness] = await tx
    .select({ candidateId: electionWitnesses.candidateId })
    .from(electionWitnesses)
    .where(eq(electionWitnesses.candidateId, candidate.id));
  if (witness)
    throw conflict(`${pair} nomor ${candidate.nomorUrut} sudah memiliki saksi.`, {
      candidateId: 'Sudah memiliki saksi.',
    });
  const [pending] = await tx
    .select({ code: committeeInvitations.code })
    .from(committeeInvitations)
    .where(and(live(), eq(committeeInvitations.candidateId, candidate.id)));
  if (pending)
    throw conflict(
      `${pair} nomor ${candidate.nomorUrut} sudah memiliki undangan saksi yang masih berlaku. Cabut undangan itu lebih dahulu untuk mengundang orang lain.`,
      { candidateId: 'Sudah ada undangan saksi yang masih berlaku.' },
    );
  const byEmail = sql`lower(${user.email}) = ${email}`;
  const [member] = await tx
    .select({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .innerJoin(user, eq(user.id, committeeMembers.userId))
    .where(and(eq(committeeMembers.electionId, election.id), byEmail));
  if (member)
    throw conflict(
      'Email ini milik anggota panitia pemilihan ini: saksi harus orang di luar panitia.',
      { email: 'Anggota panitia tidak dapat menjadi saksi.' },
    );
  const [otherWitness] = await tx
    .select({ userId: electionWitnesses.userId })
    .from(electionWitnesses)
    .innerJoin(user, eq(user.id, electionWitnesses.userId))
    .where(and(eq(electionWitnesses.electionId, election.id), byEmail));
  const [otherInvitation] = await tx
    .select({ code: committeeInvitations.code })
    .from(committeeInvitations)
    .where(
      and(
        live(),
        eq(committeeInvitations.electionId, election.id),
        eq(committeeInvitations.email, email),
      ),
    );
  if (otherWitness || otherInvitation)
    throw conflict(
      'Email ini sudah menjadi saksi, atau sudah diundang menjadi saksi, pasangan lain di pemilihan ini: satu orang menjadi saksi satu pasangan saja.',
      { email: 'Sudah menjadi atau diundang sebagai saksi pasangan lain.' },
    );
}

/** Revokes a witness invitation that has not been used yet; returns the pair it was for. */
export async function revokeWitnessInvitation(
  db: Db,
  actor: Actor,
  electionId: string,
  code: string,
) {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(committeeInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(committeeInvitations.electionId, electionId),
          eq(committeeInvitations.code, code),
          eq(committeeInvitations.role, 'saksi'),
          isNull(committeeInvitations.revokedAt),
          isNull(committeeInvitations.usedAt),
        ),
      )
      .returning();
    if (!revoked)
      throw new ApiError(
        404,
        'NOT_FOUND',
        'Undangan saksi tidak ditemukan, sudah dipakai atau sudah dicabut.',
      );
    const [row] = await tx
      .select({ title: elections.title, nomorUrut: candidates.nomorUrut })
      .from(elections)
      .leftJoin(candidates, eq(candidates.id, revoked.candidateId!))
      .where(eq(elections.id, electionId));
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'witness.invitation-revoked',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mencabut undangan saksi nomor urut ${row?.nomorUrut ?? '?'} "${row?.title ?? ''}"`,
      details: { candidateId: revoked.candidateId },
    });
  });
}

/**
 * Takes a witness who joined off a draft (they went away, or were the wrong person): they lose
 * the overview at once, and the committee and they are told by mail. A key ceremony they hold a
 * place in no longer matches the people of the election, so the election cannot be locked until
 * the committee restarts it (lock.ts) — the witness's share is then worthless.
 */
export async function removeWitness(
  deps: Deps,
  actor: Actor,
  electionId: string,
  input: { candidateId: string; alasan: string },
) {
  const removed = await deps.db.transaction(async (tx) => {
    const election = await electionForUpdate(tx, electionId);
    if (election.status !== 'draft')
      throw conflict(
        election.status === 'archived'
          ? 'Pemilihan ini sudah diarsipkan.'
          : 'Pemilihan ini sudah dikunci: saksi tidak dapat dihapus lagi, dan hasil dibuka oleh wali kunci mana pun yang mencapai ambang.',
      );
    const [row] = await tx
      .delete(electionWitnesses)
      .where(
        and(
          eq(electionWitnesses.electionId, electionId),
          eq(electionWitnesses.candidateId, input.candidateId),
        ),
      )
      .returning();
    if (!row)
      throw new ApiError(404, 'NOT_FOUND', 'Pasangan calon ini tidak memiliki saksi.', {
        candidateId: 'Tidak memiliki saksi.',
      });
    const [candidate] = await tx
      .select()
      .from(candidates)
      .where(eq(candidates.id, row.candidateId));
    const [account] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, row.userId));
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'witness.removed',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Menghapus ${row.namaLengkap} sebagai saksi nomor urut ${candidate?.nomorUrut ?? '?'} "${election.title}": ${input.alasan}`,
      details: { candidateId: row.candidateId, userId: row.userId, alasan: input.alasan },
    });
    return {
      namaLengkap: row.namaLengkap,
      email: account?.email ?? '',
      pasangan: candidate ? pairName(candidate) : 'satu pasangan calon',
    };
  });
  await mailCommittee(
    deps,
    electionId,
    `${removed.namaLengkap} tidak lagi menjadi saksi ${removed.pasangan}. Alasan: ${input.alasan}`,
    { alsoTo: [removed.email], about: 'witnesses' },
  );
  return removed;
}

/** The witnesses who have joined an election, in ballot order (the overview shows them). */
export async function witnessesOf(db: Db, electionId: string) {
  return db
    .select({
      candidateId: electionWitnesses.candidateId,
      nomorUrut: candidates.nomorUrut,
      userId: electionWitnesses.userId,
      namaLengkap: electionWitnesses.namaLengkap,
      email: user.email,
      joinedAt: electionWitnesses.joinedAt,
    })
    .from(electionWitnesses)
    .innerJoin(candidates, eq(candidates.id, electionWitnesses.candidateId))
    .innerJoin(user, eq(user.id, electionWitnesses.userId))
    .where(eq(electionWitnesses.electionId, electionId))
    .orderBy(asc(candidates.nomorUrut));
}

/**
 * Per candidate pair: its witness, or its live invitation (the newest), and what the caller may
 * do about it. For the committee (and the master, who only looks): it carries addresses.
 */
export async function listWitnesses(db: Db, actor: Actor, election: Election) {
  const [pairs, witnesses, invitations] = await Promise.all([
    db
      .select()
      .from(candidates)
      .where(eq(candidates.electionId, election.id))
      .orderBy(asc(candidates.nomorUrut)),
    witnessesOf(db, election.id),
    db
      .select()
      .from(committeeInvitations)
      .where(and(live(), eq(committeeInvitations.electionId, election.id)))
      .orderBy(desc(committeeInvitations.createdAt)),
  ]);
  return pairs.map((c) => {
    const witness = witnesses.find((w) => w.candidateId === c.id);
    const invitation = invitations.find((i) => i.candidateId === c.id);
    return {
      candidateId: c.id,
      nomorUrut: c.nomorUrut,
      namaKetua: c.namaKetua,
      namaWakil: c.namaWakil,
      witness: witness
        ? {
            userId: witness.userId,
            namaLengkap: witness.namaLengkap,
            email: witness.email,
            joinedAt: witness.joinedAt.toISOString(),
          }
        : null,
      invitation: invitation
        ? {
            code: invitation.code,
            email: invitation.email ?? '',
            expiresAt: invitation.expiresAt.toISOString(),
            createdAt: invitation.createdAt.toISOString(),
          }
        : null,
      abilities: witnessAbilities(actor, election, {
        witness: Boolean(witness),
        invitation: Boolean(invitation),
      }),
    };
  });
}

/**
 * Makes the account the witness of the pair its code was for, in the code's transaction: refused
 * for a member of the election's committee, for someone already a witness of it, and for a pair
 * that already has a witness (the transaction, and so the code's use, is undone).
 */
export async function joinAsWitness(
  tx: Tx,
  election: Election,
  candidateId: string,
  person: { actor: Actor | null; userId: string; namaLengkap: string },
) {
  const [member] = await tx
    .select({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(
      and(eq(committeeMembers.electionId, election.id), eq(committeeMembers.userId, person.userId)),
    );
  const refusal = (message: string) =>
    new ApiError(409, 'CONFLICT', message, { kodeUndangan: message });
  if (member)
    throw refusal(
      'Anda anggota panitia pemilihan ini: panitia tidak dapat sekaligus menjadi saksi.',
    );
  let inserted;
  try {
    [inserted] = await tx
      .insert(electionWitnesses)
      .values({
        electionId: election.id,
        userId: person.userId,
        candidateId,
        namaLengkap: person.namaLengkap,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err, 'election_witnesses_candidate_unique'))
      throw refusal('Pasangan calon ini sudah memiliki saksi.');
    if (isUniqueViolation(err, 'election_witnesses_election_id_user_id_pk'))
      throw refusal('Anda sudah menjadi saksi di pemilihan ini.');
    throw err;
  }
  const [candidate] = await tx.select().from(candidates).where(eq(candidates.id, candidateId));
  const pasangan = candidate ? pairName(candidate) : 'satu pasangan calon';
  await appendAudit(tx, {
    ...(person.actor
      ? auditActor(person.actor, 'saksi')
      : { actorId: person.userId, actorName: person.namaLengkap, actorRole: 'saksi' }),
    action: person.actor ? 'witness.joined' : 'witness.registered',
    entityType: 'election',
    entityId: election.id,
    electionId: election.id,
    summary: `${person.actor ? 'Bergabung' : 'Mendaftar'} sebagai saksi nomor urut ${candidate?.nomorUrut ?? '?'} "${election.title}"`,
    details: { candidateId },
  });
  return { witness: inserted!, pasangan };
}
