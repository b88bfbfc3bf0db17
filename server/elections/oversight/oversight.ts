import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import {
  admins,
  committeeInvitations,
  committeeMembers,
  elections,
  electionWitnesses,
  user,
  voters,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { votedCounts } from '../turnout.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { committeeInvitationMail } from '../../mail/templates/election-requests.ts';
import type { Actor } from '../../auth/actor.ts';
import { createInvitation } from '../committee/invitations.ts';
import { forgetPublicRow, loadElection } from '../results/election-row.ts';
import { sealBallotChain } from '../results/seal-results.ts';
import {
  canAddCommitteeMember,
  canArchive,
  canIssueInvitation,
  canPublish,
} from '../rules/lifecycle.ts';

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };
type Election = typeof elections.$inferSelect;

const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

/** Every election with its committee, invitation codes and turnout: what the master oversees. */
export async function listAllElections(db: Db) {
  const rows = await db.select().from(elections).orderBy(desc(elections.createdAt));
  const ids = rows.map((e) => e.id);
  if (!ids.length) return [];
  const [members, invitations, votedBy] = await Promise.all([
    db
      .select({
        electionId: committeeMembers.electionId,
        userId: committeeMembers.userId,
        namaLengkap: committeeMembers.namaLengkap,
        email: user.email,
        joinedAt: committeeMembers.joinedAt,
      })
      .from(committeeMembers)
      .innerJoin(user, eq(user.id, committeeMembers.userId))
      .where(inArray(committeeMembers.electionId, ids))
      .orderBy(asc(committeeMembers.joinedAt)),
    // Committee codes only: witnesses' codes are the committee's own (Ringkasan, Saksi).
    db
      .select()
      .from(committeeInvitations)
      .where(
        and(
          inArray(committeeInvitations.electionId, ids),
          eq(committeeInvitations.role, 'panitia'),
        ),
      )
      .orderBy(desc(committeeInvitations.createdAt)),
    votedCounts(db, ids),
  ]);
  return rows.map((election) => ({
    election,
    committee: members.filter((m) => m.electionId === election.id),
    invitations: invitations.filter((i) => i.electionId === election.id),
    voted: votedBy.get(election.id) ?? 0,
  }));
}

async function electionOr404(db: Db, id: string): Promise<Election> {
  const [row] = await db.select().from(elections).where(eq(elections.id, id));
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  return row;
}

/** The master puts an existing account on an election's committee, found by its email. */
export async function addCommitteeMember(db: Db, actor: Actor, electionId: string, email: string) {
  const election = await electionOr404(db, electionId);
  const refused = canAddCommitteeMember(election);
  if (refused) throw conflict(refused);
  const [account] = await db
    .select({
      id: user.id,
      name: user.name,
      adminName: admins.namaLengkap,
      voterName: voters.namaLengkap,
    })
    .from(user)
    .leftJoin(admins, eq(admins.userId, user.id))
    .leftJoin(voters, eq(voters.userId, user.id))
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
  if (!account) {
    throw new ApiError(
      404,
      'NO_ACCOUNT',
      'Belum ada akun dengan email ini. Terbitkan kode undangan agar ia mendaftar sebagai panitia.',
      { email: 'Belum ada akun dengan email ini.' },
    );
  }
  if (account.id === actor.user.id)
    throw new ApiError(
      409,
      'SELF',
      'Admin master mengawasi pemilihan dan tidak dapat menjadi panitianya sendiri.',
      { email: 'Tidak dapat menambahkan diri sendiri.' },
    );
  const namaLengkap = account.adminName || account.voterName || account.name;
  return db.transaction(async (tx) => {
    const [witness] = await tx
      .select({ userId: electionWitnesses.userId })
      .from(electionWitnesses)
      .where(
        and(eq(electionWitnesses.electionId, electionId), eq(electionWitnesses.userId, account.id)),
      );
    if (witness)
      throw new ApiError(
        409,
        'WITNESS',
        'Orang ini saksi pemilihan ini: saksi tidak dapat sekaligus menjadi anggota panitia.',
        { email: 'Saksi pemilihan ini tidak dapat menjadi panitianya.' },
      );
    const inserted = await tx
      .insert(committeeMembers)
      .values({ electionId, userId: account.id, namaLengkap })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length)
      throw new ApiError(409, 'ALREADY_MEMBER', 'Orang ini sudah menjadi panitia pemilihan ini.', {
        email: 'Sudah menjadi panitia pemilihan ini.',
      });
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'committee.member-added',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Menambahkan ${namaLengkap} ke panitia "${election.title}"`,
      details: { userId: account.id },
    });
    return inserted[0]!;
  });
}

/** The master takes someone off an election's committee; their access ends with the next request. */
export async function removeCommitteeMember(
  db: Db,
  actor: Actor,
  electionId: string,
  userId: string,
) {
  const election = await electionOr404(db, electionId);
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(committeeMembers)
      .where(and(eq(committeeMembers.electionId, electionId), eq(committeeMembers.userId, userId)))
      .returning();
    if (!removed.length)
      throw new ApiError(404, 'NOT_FOUND', 'Orang ini bukan panitia pemilihan ini.');
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'committee.member-removed',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengeluarkan ${removed[0]!.namaLengkap} dari panitia "${election.title}"`,
      details: { userId },
    });
    return { namaLengkap: removed[0]!.namaLengkap, email: account?.email ?? '' };
  });
}

/** Issues a new committee invitation code for one person, mailed to `email` (it works only for that address). */
export async function issueInvitation(deps: Deps, actor: Actor, electionId: string, email: string) {
  const election = await electionOr404(deps.db, electionId);
  const refused = canIssueInvitation(election);
  if (refused) throw conflict(refused);
  const invitation = await deps.db.transaction(async (tx) => {
    const invitation = await createInvitation(tx, electionId, actor.user.id, email);
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'committee.invitation-issued',
      entityType: 'election',
      entityId: electionId,
      electionId,
      // The invitee's address stays out of the append-only log (personal data it could never erase).
      summary: `Menerbitkan kode undangan panitia "${election.title}" (dikirim lewat email)`,
    });
    return invitation;
  });
  await deps.mailer
    .send({
      to: email,
      ...committeeInvitationMail({
        namaPemilihan: election.title,
        code: invitation.code,
        expiresAt: invitation.expiresAt,
        registerUrl: `${deps.publicUrl}/register-panitia`,
      }),
    })
    .catch((err: unknown) => deps.logger.error({ err }, 'invitation mail failed'));
  return invitation;
}

/** Revokes an invitation code at once; members who already joined stay on the committee. */
export async function revokeInvitation(db: Db, actor: Actor, electionId: string, code: string) {
  const election = await electionOr404(db, electionId);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(committeeInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(committeeInvitations.electionId, electionId),
          eq(committeeInvitations.code, code),
          isNull(committeeInvitations.revokedAt),
        ),
      )
      .returning();
    if (!revoked.length)
      throw new ApiError(404, 'NOT_FOUND', 'Kode undangan tidak ditemukan atau sudah dicabut.');
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'committee.invitation-revoked',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mencabut kode undangan ${code} panitia "${election.title}"`,
    });
  });
}

/**
 * Seals the ballot box of a closed election before its status changes, so the head stored is
 * the one of every ballot cast; refuses while the last casts may still be committing.
 */
async function sealFirst(db: Db, electionId: string) {
  let seal = await sealBallotChain(db, electionId);
  // Within the grace after the end the database does not seal yet: wait it out once.
  for (let tries = 0; seal.sealedHead === null && !seal.problem && tries < 3; tries++) {
    await new Promise((r) => setTimeout(r, 1000));
    seal = await sealBallotChain(db, electionId);
  }
  if (seal.problem)
    throw conflict(
      `${seal.problem} Jalankan verify-election sebelum melanjutkan; hasil tidak diubah.`,
    );
  if (seal.sealedHead === null)
    throw conflict('Kotak suara baru saja ditutup. Coba lagi dalam beberapa detik.');
}

/** "Umumkan Hasil": a closed election's counts become public (committee or master). */
export async function publishResults(db: Db, actor: Actor, electionId: string) {
  const election = await loadElection(db, electionId);
  const why = canPublish(election, new Date());
  if (why) throw conflict(why);
  await sealFirst(db, electionId);
  const published = await db.transaction(async (tx) => {
    // The database's clock decides again, so a fast application clock cannot publish early.
    const [row] = await tx
      .update(elections)
      .set({ status: 'published', publishedAt: new Date() })
      .where(
        and(
          eq(elections.id, electionId),
          eq(elections.status, 'ready'),
          sql`${elections.endsAt} <= now()`,
          isNotNull(elections.ballotChainHead),
        ),
      )
      .returning();
    if (!row) throw conflict('Hasil hanya dapat diumumkan setelah pemungutan suara ditutup.');
    await appendAudit(tx, {
      ...auditActor(actor, actor.committeeOf.includes(electionId) ? 'panitia' : 'master'),
      action: 'election.published',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengumumkan hasil "${election.title}"`,
    });
    return row;
  });
  forgetPublicRow(electionId);
  return published;
}

/** Archives a draft (cancelled) or a closed election; refused while it is coming or open. */
export async function archiveElection(db: Db, actor: Actor, electionId: string) {
  const election = await loadElection(db, electionId);
  const why = canArchive(election, new Date());
  if (why) throw conflict(why);
  if (election.status !== 'draft') await sealFirst(db, electionId);
  const archived = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(elections)
      .set({ status: 'archived' })
      .where(
        and(
          eq(elections.id, electionId),
          or(
            eq(elections.status, 'draft'),
            eq(elections.status, 'published'),
            and(
              eq(elections.status, 'ready'),
              eq(elections.resultsRelease, 'on-close'),
              sql`${elections.endsAt} <= now()`,
            ),
          ),
          // Held elections are sealed first (sealFirst), so their results stay what they were.
          or(eq(elections.status, 'draft'), isNotNull(elections.ballotChainHead)),
        ),
      )
      .returning();
    if (!row)
      throw conflict(
        canArchive(await loadElection(tx, electionId), new Date()) ??
          'Pemilihan yang sudah dikunci hanya dapat diarsipkan setelah pemungutan suara ditutup.',
      );
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'election.archived',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengarsipkan pemilihan "${election.title}"`,
      details: { previousStatus: election.status },
    });
    return row;
  });
  // The results page of this process reads the new status at once.
  forgetPublicRow(electionId);
  return archived;
}
