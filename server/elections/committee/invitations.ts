import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { committeeInvitations, elections } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How long an invitation code works. */
export const INVITATION_HOURS = 72;

const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Issues a new committee invitation code (PNT-XXXX-XXXX) for a draft election: it works once,
 * for 72 hours, and only for an account with the address it is sent to.
 */
export async function createInvitation(
  tx: Db | Tx,
  electionId: string,
  createdBy: string | null,
  email: string,
) {
  const code = `PNT-${part()}-${part()}`;
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3600 * 1000);
  await tx
    .insert(committeeInvitations)
    .values({ code, electionId, expiresAt, createdBy, email: email.trim().toLowerCase() });
  return { code, expiresAt };
}

const refusal = (message: string) =>
  new ApiError(400, 'INVALID_INVITATION', message, { kodeUndangan: message });

/**
 * Uses a code for the account (id, email), once, in the caller's transaction: the code must be
 * unused, unrevoked, unexpired, sent to this email (when it was sent to one), and its election
 * still a draft (after lock only the master admin adds committee members). Returns the election.
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
    .returning({ electionId: committeeInvitations.electionId });
  if (used) {
    const [election] = await tx.select().from(elections).where(eq(elections.id, used.electionId));
    return election!;
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
  if (inv.usedAt)
    throw refusal('Kode undangan ini sudah dipakai. Minta kode baru kepada admin master.');
  if (!inv.email)
    throw refusal('Kode undangan ini tidak lagi berlaku. Minta kode baru kepada admin master.');
  if (inv.email !== email) {
    throw refusal(
      'Kode undangan ini dikirim untuk alamat email lain. Daftar dengan email penerima undangan.',
    );
  }
  throw refusal(
    'Pemilihan ini sudah dikunci: anggota panitia baru hanya dapat ditambahkan oleh admin master.',
  );
}
