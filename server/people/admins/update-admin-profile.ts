import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { normalizeProfilePhoto } from '../../images/profile-photo.ts';

/** Saves an admin's own profile (display name, full name, photo); the role is never touched here. */
export async function updateAdminProfile(
  db: Db,
  userId: string,
  input: { namaTampilan: string; namaLengkap: string; foto: string },
) {
  const foto = await normalizeProfilePhoto(input.foto);
  const [saved] = await db
    .update(admins)
    .set({ namaTampilan: input.namaTampilan, namaLengkap: input.namaLengkap, foto })
    .where(eq(admins.userId, userId))
    .returning();
  if (!saved) throw new ApiError(404, 'NOT_FOUND', 'Data admin tidak ditemukan.');
  return saved;
}
