import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { committeeInvitations, elections } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How long an invitation code works. */
export const INVITATION_HOURS = 72;

const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** What a code makes of the person who uses it: a committee member, or one pair's witness. */
export type InvitationRole =
  { role: 'panitia'; candidateId?: undefined } | { role: 'saksi'; candidateId: string };

/**
 * Issues a new invitation code for a draft election: a committee member's (PNT-XXXX-XXXX) or,
 * with `as` a witness of one candidate pair, a witness's (SKS-XXXX-XXXX). It works once, for 72
 * hours, and only for an account with the address it is sent to.
 */
export async function createInvitation(
  tx: Db | Tx,
  electionId: string,
  createdBy: string | null,
  email: string,
  as: InvitationRole = { role: 'panitia' },
) {
  const code = `${as.role === 'saksi' ? 'SKS' : 'PNT'}-${part()}-${part()}`;
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3600 * 1000);
  await tx.insert(committeeInvitations).values({
    code,
    electionId,
    expiresAt,
    createdBy,
    email: email.trim().toLowerCase(),
    role: as.role,
    candidateId: as.candidateId ?? null,
  });
  return { code, expiresAt };
}

const refusal = (message: string, field: 'kodeUndangan' | 'email' = 'kodeUndangan') =>
  new ApiError(400, 'INVALID_INVITATION', message, { [field]: message });

/**
 * Uses a code for the account (id, email), once, in the caller's transaction: the code must be
 * unused, unrevoked, unexpired, sent to this email (when it was sent to one), and its election
 * still a draft (after lock only the master admin adds committee members, and no witness joins).
 * Returns the election and what the code makes of its user (committee member or witness).
 */
export async function redeemInvitation(
  tx: Db | Tx,
  code: string,
  account: { id: string; email: string },
) {
  const normalized = code.trim().toUpperCase();
  const email = account.email.trim().toLowerCase();
  const [used] = await tx
    .update(committeeInvitations)
    .set({ usedAt: sql`now()`, usedBy: account.id })
    .where(
      and(
        eq(committeeInvitations.code, normalized),
        isNull(committeeInvitations.revokedAt),
        isNull(committeeInvitations.usedAt),
        gt(committeeInvitations.expiresAt, sql`now()`),
        // A code sent to no address (made before codes were bound to one) works for nobody.
        eq(committeeInvitations.email, email),
        sql`exists (select 1 from ${elections} e where e.id = ${committeeInvitations.electionId} and e.status = 'draft')`,
      ),
    )
    .returning({
      electionId: committeeInvitations.electionId,
      role: committeeInvitations.role,
      candidateId: committeeInvitations.candidateId,
    });
  if (used) {
    const [election] = await tx.select().from(elections).where(eq(elections.id, used.electionId));
    const as: InvitationRole =
      used.role === 'saksi' && used.candidateId
        ? { role: 'saksi', candidateId: used.candidateId }
        : { role: 'panitia' };
    return { election: election!, as };
  }
  // Why not: told only to someone who holds the code.
  const [row] = await tx
    .select({ invitation: committeeInvitations, status: elections.status })
    .from(committeeInvitations)
    .innerJoin(elections, eq(elections.id, committeeInvitations.electionId))
    .where(eq(committeeInvitations.code, normalized));
  const inv = row?.invitation;
  if (!inv || inv.revokedAt || inv.expiresAt <= new Date() || row.status === 'archived') {
    throw refusal('Kode undangan tidak valid, sudah kedaluwarsa atau sudah dicabut.');
  }
  // Witnesses' codes come from the committee; committee members' from the master admin.
  const issuer = inv.role === 'saksi' ? 'panitia pemilihan' : 'admin master';
  if (inv.usedAt)
    throw refusal(`Kode undangan ini sudah dipakai. Minta kode baru kepada ${issuer}.`);
  if (!inv.email)
    throw refusal(`Kode undangan ini tidak lagi berlaku. Minta kode baru kepada ${issuer}.`);
  if (inv.email !== email) {
    // The code is right; the address is what to change.
    throw refusal(
      'Kode undangan ini dikirim untuk alamat email lain. Daftar dengan email penerima undangan.',
      'email',
    );
  }
  throw refusal(
    inv.role === 'saksi'
      ? 'Pemilihan ini sudah dikunci: saksi baru tidak dapat bergabung lagi.'
      : 'Pemilihan ini sudah dikunci: anggota panitia baru hanya dapat ditambahkan oleh admin master.',
  );
}
