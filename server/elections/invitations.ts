import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { committeeInvitations, elections } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How long an invitation code works. */
export const INVITATION_DAYS = 14;

const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Issues a new committee invitation code (PNT-XXXX-XXXX) for an election. */
export async function createInvitation(tx: Db | Tx, electionId: string, createdBy: string | null) {
  const code = `PNT-${part()}-${part()}`;
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000);
  await tx.insert(committeeInvitations).values({ code, electionId, expiresAt, createdBy });
  return { code, expiresAt };
}

const invalid = () =>
  new ApiError(
    400,
    'INVALID_INVITATION',
    'Kode undangan tidak valid, sudah kedaluwarsa atau sudah dicabut.',
    {
      kodeUndangan: 'Kode undangan tidak valid, sudah kedaluwarsa atau sudah dicabut.',
    },
  );

/** The election a code invites to, if the code is valid now (not expired, not revoked, not archived). */
export async function electionForCode(tx: Db | Tx, code: string) {
  const [row] = await tx
    .select({ election: elections })
    .from(committeeInvitations)
    .innerJoin(elections, eq(elections.id, committeeInvitations.electionId))
    .where(
      and(
        eq(committeeInvitations.code, code.trim().toUpperCase()),
        isNull(committeeInvitations.revokedAt),
        gt(committeeInvitations.expiresAt, new Date()),
      ),
    );
  if (!row || row.election.status === 'archived') throw invalid();
  return row.election;
}
