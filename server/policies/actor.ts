import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, voters } from '../db/schema/index.ts';
import type { SessionUser } from '../http/context.ts';

export type AdminRecord = typeof admins.$inferSelect;
export type VoterRecord = typeof voters.$inferSelect;

/** Who is asking: the account and the role records that exist for it. */
export type Actor = {
  user: SessionUser;
  admin: AdminRecord | null;
  voter: VoterRecord | null;
};

/** Loads the role records of a signed-in account. */
export async function loadActor(db: Db, user: SessionUser): Promise<Actor> {
  const [[admin], [voter]] = await Promise.all([
    db.select().from(admins).where(eq(admins.userId, user.id)),
    db.select().from(voters).where(eq(voters.userId, user.id)),
  ]);
  return { user, admin: admin ?? null, voter: voter ?? null };
}
