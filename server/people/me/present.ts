import { z } from '@hono/zod-openapi';
import { ADMIN_ROLES, PRODI, VOTER_STATUSES } from '../../../shared/people.ts';
import { SECOND_FACTORS } from '../../../shared/site.ts';
import { mayUseTotp } from '../../auth/second-factor.ts';
import type { Factors } from '../../auth/second-factor-policy.ts';
import { abilitiesOf } from './abilities.ts';
import type { Actor, AdminRecord, VoterRecord } from '../../auth/actor.ts';

export const adminSchema = z
  .object({
    role: z.enum(ADMIN_ROLES),
    namaLengkap: z.string(),
    namaTampilan: z.string(),
    foto: z.string(),
  })
  .openapi('AdminProfile');

export const voterSchema = z
  .object({
    namaLengkap: z.string(),
    nim: z.string(),
    prodi: z.enum(PRODI),
    namaTampilan: z.string(),
    foto: z.string(),
    status: z.enum(VOTER_STATUSES),
    rejectionReason: z.string().nullable(),
  })
  .openapi('VoterProfile');

export const meSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
    admin: adminSchema.nullable(),
    voter: voterSchema.nullable(),
    abilities: z.object({
      isAdmin: z.boolean(),
      isMaster: z.boolean(),
      isVoter: z.boolean(),
      manageAdmins: z.boolean(),
      viewActivity: z.boolean(),
      editVoterProfile: z.boolean(),
      editAdminProfile: z.boolean(),
      manageElections: z.boolean(),
      committeeOf: z.array(z.string()),
      witnessOf: z.array(z.string()),
    }),
    secondFactor: z.object({
      /**
       * Factors the master requires that this admin has not added yet: until they do, the admin
       * area is closed to them (admin is null above) and the screens hold them on Keamanan Akun.
       */
      hold: z.array(z.enum(SECOND_FACTORS)),
      /** Admins and committee members may use an authenticator app; voters use passkeys. */
      totpAllowed: z.boolean(),
      totpEnabled: z.boolean(),
      passkeys: z.number().int(),
    }),
  })
  .openapi('Me');

export function presentAdmin(a: AdminRecord) {
  return { role: a.role, namaLengkap: a.namaLengkap, namaTampilan: a.namaTampilan, foto: a.foto };
}

export function presentVoter(v: VoterRecord) {
  return {
    namaLengkap: v.namaLengkap,
    nim: v.nim,
    prodi: v.prodi,
    namaTampilan: v.namaTampilan,
    foto: v.foto,
    status: v.status,
    rejectionReason: v.rejectionReason,
  };
}

/** The signed-in person, their own records and abilities; or an anonymous answer. */
export function presentMe(
  actor: Actor | null,
  factors: Factors = { totp: false, passkeys: 0 },
): z.infer<typeof meSchema> {
  return {
    secondFactor: {
      hold: actor?.secondFactorHold ?? [],
      totpAllowed: actor ? mayUseTotp(actor) : false,
      totpEnabled: factors.totp,
      passkeys: factors.passkeys,
    },
    user: actor ? { id: actor.user.id, email: actor.user.email, name: actor.user.name } : null,
    admin: actor?.admin ? presentAdmin(actor.admin) : null,
    voter: actor?.voter ? presentVoter(actor.voter) : null,
    abilities: abilitiesOf(actor),
  };
}
