import { eq } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nimHeldBy } from '../../db/nim-lookup.ts';
import { admins, voters } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { SessionUser } from '../../http/context.ts';
import type { Prodi } from '../../../shared/people.ts';

const nimTaken = () =>
  new ApiError(
    409,
    'NIM_TAKEN',
    'NIM ini sudah terdaftar pada akun lain. Hubungi admin BEM bila NIM itu milik Anda.',
    { nim: 'NIM sudah terdaftar.' },
  );

/**
 * A voter record, awaiting an admin's verification, for a signed-in account that has none (its
 * address is already proven: nobody signs in before that). One per account and per NIM.
 */
export async function createOwnVoterRecord(
  db: Db,
  account: SessionUser,
  input: { namaLengkap: string; nim: string; prodi: Prodi },
) {
  try {
    return await db.transaction(async (tx) => {
      const [admin] = await tx
        .select({ id: admins.userId })
        .from(admins)
        .where(eq(admins.userId, account.id));
      if (admin)
        throw new ApiError(403, 'FORBIDDEN', 'Akun admin tidak dapat didaftarkan sebagai pemilih.');
      const [own] = await tx
        .select({ id: voters.userId })
        .from(voters)
        .where(eq(voters.userId, account.id));
      if (own) throw new ApiError(409, 'ALREADY_VOTER', 'Akun ini sudah memiliki data pemilih.');
      const [holder] = await tx
        .select({ id: voters.userId })
        .from(voters)
        .where(nimHeldBy(input.nim));
      if (holder) throw nimTaken();
      const [created] = await tx
        .insert(voters)
        .values({ userId: account.id, ...input, status: 'pending' })
        .returning();
      await appendAudit(tx, {
        actorId: account.id,
        actorName: input.namaLengkap,
        actorRole: 'pemilih',
        action: 'voter.registered',
        entityType: 'voter',
        entityId: account.id,
        summary: `${input.namaLengkap} (${input.nim}) melengkapi data pemilih, menunggu verifikasi`,
        details: { prodi: input.prodi },
      });
      return created!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'voters_nim_unique')) throw nimTaken();
    if (isUniqueViolation(err, 'voters_pkey'))
      throw new ApiError(409, 'ALREADY_VOTER', 'Akun ini sudah memiliki data pemilih.');
    throw err;
  }
}
