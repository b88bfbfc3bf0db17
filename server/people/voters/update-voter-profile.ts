import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { electionRoll, elections, user, voters } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { normalizeProfilePhoto } from '../../images/profile-photo.ts';
import type { Prodi } from '../../../shared/people.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { normalizeNim } from '../../../shared/nim.ts';
import { nimHeldBy } from '../../db/nim-lookup.ts';

const nimTaken = () =>
  new ApiError(409, 'NIM_TAKEN', 'NIM sudah dipakai pemilih lain.', {
    nim: 'NIM sudah terdaftar.',
  });

/**
 * Saves a voter's own profile. Fields the voter does not edit (status, verification, extra fields)
 * are kept; a changed name, NIM or programme sends a verified or rejected voter back to verification.
 */
export async function updateVoterProfile(
  db: Db,
  userId: string,
  input: { namaLengkap: string; nim: string; prodi: Prodi; foto: string },
) {
  const foto = await normalizeProfilePhoto(input.foto);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(voters)
        .where(eq(voters.userId, userId))
        .for('update');
      if (!current) throw new ApiError(404, 'NOT_FOUND', 'Data pemilih tidak ditemukan.');
      // A NIM stored before normalisation (with its leading zeros) stays as it is when the voter
      // saves the same number: rolls and participation already name it that way.
      const legacy = normalizeNim(current.nim);
      if (legacy.ok && legacy.nim === input.nim) input = { ...input, nim: current.nim };
      if (input.nim !== current.nim) {
        const [owner] = await tx
          .select({ id: voters.userId })
          .from(voters)
          .where(and(nimHeldBy(input.nim), ne(voters.userId, userId)));
        if (owner) throw nimTaken();
      }
      // An admin verified (or rejected) this name, NIM and programme: any change to them is checked again.
      const identityChanged =
        input.nim !== current.nim ||
        input.namaLengkap !== current.namaLengkap ||
        input.prodi !== current.prodi;
      // A verified voter on the locked roll of an election not over yet would lose their vote in
      // it until verified again: refused, with the election named.
      if (identityChanged && current.status === 'verified') {
        const [onRoll] = await tx
          .select({ title: elections.title })
          .from(electionRoll)
          .innerJoin(elections, eq(elections.id, electionRoll.electionId))
          .where(
            and(
              eq(electionRoll.nim, current.nim),
              eq(elections.status, 'ready'),
              gt(elections.endsAt, sql`now()`),
            ),
          )
          .limit(1);
        if (onRoll)
          throw new ApiError(
            409,
            'ON_LOCKED_ROLL',
            `Nama Lengkap, NIM, atau Program Studi tidak dapat diubah selama Anda terdaftar ` +
              `sebagai pemilih pada pemilihan "${onRoll.title}" yang belum berakhir: perubahan ` +
              `itu akan menangguhkan hak pilih Anda sampai diverifikasi ulang. Bila data Anda ` +
              `salah, hubungi admin BEM.`,
          );
      }
      const [saved] = await tx
        .update(voters)
        .set({
          namaLengkap: input.namaLengkap,
          nim: input.nim,
          prodi: input.prodi,
          foto,
          ...(identityChanged && current.status !== 'pending'
            ? { status: 'pending' as const, rejectionReason: null }
            : {}),
        })
        .where(eq(voters.userId, userId))
        .returning();
      await tx.update(user).set({ name: input.namaLengkap }).where(eq(user.id, userId));
      return saved!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'voters_nim_unique')) throw nimTaken();
    throw err;
  }
}
