import { z } from '@hono/zod-openapi';
import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { invitationCodeField, inviteWitnessSchema } from '../../../shared/schemas/elections.ts';
import { removeWitnessSchema } from '../../../shared/schemas/trustees.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const electionParam = z.object({ id: uuidSchema('ID pemilihan tidak valid.') });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

const witnessInvitationOut = z
  .object({
    code: z.string(),
    email: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .openapi('WitnessInvitation');

/** One candidate pair with its witness, or the invitation waiting to be used. */
const witnessSlotOut = z
  .object({
    candidateId: z.string(),
    nomorUrut: z.number(),
    namaKetua: z.string(),
    namaWakil: z.string(),
    witness: z
      .object({
        userId: z.string(),
        namaLengkap: z.string(),
        email: z.string(),
        joinedAt: z.string(),
      })
      .nullable(),
    invitation: witnessInvitationOut.nullable(),
    /** What the caller may do about this pair's witness now (elections/policy.ts `witnessAbilities`). */
    abilities: z.object({ invite: z.boolean(), revoke: z.boolean(), remove: z.boolean() }),
  })
  .openapi('WitnessSlot');

export const listWitnesses = apiRoute(access.committee('viewCommittee'), {
  method: 'get',
  path: '/elections/{id}/witnesses',
  tags: ['Panitia'],
  summary: 'Per candidate pair: its witness or pending witness invitation (committee, master)',
  request: { params: electionParam },
  responses: {
    200: { description: 'Witnesses', content: json(z.object({ items: z.array(witnessSlotOut) })) },
    ...refusals,
  },
});

export const inviteWitness = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/witnesses/invitations',
  tags: ['Panitia'],
  summary:
    'Invite the witness of one candidate pair of a draft: a single-use SKS- code mailed to the address (committee)',
  request: { params: electionParam, body: { required: true, content: json(inviteWitnessSchema) } },
  responses: {
    201: {
      description: 'Invited',
      content: json(witnessInvitationOut.extend({ candidateId: z.string() })),
    },
    ...refusals,
  },
});

export const revokeWitnessInvitation = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/witnesses/invitations/{code}/revoke',
  tags: ['Panitia'],
  summary: 'Revoke a witness invitation that has not been used yet (committee)',
  request: { params: electionParam.extend({ code: invitationCodeField }) },
  responses: { 204: { description: 'Revoked' }, ...refusals },
});

export const removeWitness = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/witnesses/{candidateId}/remove',
  tags: ['Panitia'],
  summary:
    'Take the witness of one candidate pair off a draft, with a reason kept in the audit log (committee)',
  request: {
    params: electionParam.extend({ candidateId: uuidSchema('ID kandidat tidak valid.') }),
    body: { required: true, content: json(removeWitnessSchema) },
  },
  responses: { 204: { description: 'Removed' }, ...refusals },
});
