import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  admins,
  ceremonyTrustees,
  committeeMembers,
  electionWitnesses,
  voters,
} from '../db/schema/index.ts';
import type { SessionUser } from '../http/context.ts';
import type { SecondFactor } from '../../shared/site.ts';
import { adminHold } from './second-factor-policy.ts';

export type AdminRecord = typeof admins.$inferSelect;
export type VoterRecord = typeof voters.$inferSelect;

/** Who is asking: the account and the role records that exist for it. */
export type Actor = {
  user: SessionUser;
  admin: AdminRecord | null;
  voter: VoterRecord | null;
  /** Elections whose committee (panitia) this person is on. */
  committeeOf: string[];
  /** Elections this person is a witness (saksi) of, for one candidate pair. */
  witnessOf: string[];
  /** Elections whose current key ceremony counts this person among the trustees. */
  trusteeOf: string[];
  /**
   * An active admin who lacks a second factor the master requires: `admin` is null (every admin
   * rule refuses them) until they add what is listed here; their record is kept in `heldAdmin`.
   */
  secondFactorHold?: SecondFactor[];
  heldAdmin?: AdminRecord | null;
};

/** Loads the role records of a signed-in account. */
export async function loadActor(db: Db, user: SessionUser): Promise<Actor> {
  const [[admin], [voter], committee, witness, trustee] = await Promise.all([
    db.select().from(admins).where(eq(admins.userId, user.id)),
    db.select().from(voters).where(eq(voters.userId, user.id)),
    db
      .select({ electionId: committeeMembers.electionId })
      .from(committeeMembers)
      .where(eq(committeeMembers.userId, user.id)),
    db
      .select({ electionId: electionWitnesses.electionId })
      .from(electionWitnesses)
      .where(eq(electionWitnesses.userId, user.id)),
    db
      .select({ electionId: ceremonyTrustees.electionId })
      .from(ceremonyTrustees)
      .where(eq(ceremonyTrustees.userId, user.id)),
  ]);
  // A deactivated admin keeps the record (history names them) but not the role.
  const active = admin && !admin.deactivatedAt ? admin : null;
  const hold = active ? await adminHold(db, user.id) : [];
  return {
    user,
    admin: hold.length ? null : active,
    secondFactorHold: hold,
    heldAdmin: hold.length ? active : null,
    voter: voter ?? null,
    committeeOf: committee.map((c) => c.electionId),
    witnessOf: witness.map((w) => w.electionId),
    trusteeOf: trustee.map((t) => t.electionId),
  };
}
