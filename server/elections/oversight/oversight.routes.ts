import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import {
  addCommitteeMemberSchema,
  invitationCodeField,
  issueInvitationSchema,
} from '../../../shared/schemas/elections.ts';
import { errorResponses } from '../../http/schemas.ts';
import { electionOut } from '../present.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const electionParam = z.object({ id: uuidSchema('ID pemilihan tidak valid.') });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

const abilityOut = z
  .object({ allowed: z.boolean(), why: z.string().nullable() })
  .openapi('Ability');

export const invitationOut = z
  .object({
    code: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
    state: z.enum(['active', 'used', 'expired', 'revoked']),
  })
  .openapi('CommitteeInvitation');

export const overseenElectionOut = electionOut
  .extend({
    resultsRelease: z.enum(['on-close', 'manual']),
    lockedAt: z.string().nullable(),
    rollSize: z.number().nullable(),
    voted: z.number(),
    committee: z.array(
      z.object({
        userId: z.string(),
        namaLengkap: z.string(),
        email: z.string(),
        joinedAt: z.string(),
      }),
    ),
    invitations: z.array(invitationOut),
    /** What the master may do with it now (elections/policy.ts `oversightAbilities`). */
    abilities: z.object({
      archive: abilityOut,
      addCommitteeMember: abilityOut,
      issueInvitation: abilityOut,
      viewResults: z.boolean(),
    }),
  })
  .openapi('OverseenElection');

export const listAllElections = apiRoute(access.elections, {
  method: 'get',
  path: '/oversight/elections',
  tags: ['Pemilihan'],
  summary: 'Every election with its status, committee, invitation codes and turnout (master)',
  responses: {
    200: {
      description: 'Elections',
      content: json(z.object({ items: z.array(overseenElectionOut) })),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const addCommitteeMember = apiRoute(access.elections, {
  method: 'post',
  path: '/oversight/elections/{id}/committee',
  tags: ['Pemilihan'],
  summary: 'Put an existing account, found by email, on the committee (master)',
  request: {
    params: electionParam,
    body: { required: true, content: json(addCommitteeMemberSchema) },
  },
  responses: {
    201: { description: 'Added', content: json(z.object({ userId: z.string() })) },
    ...refusals,
  },
});

export const removeCommitteeMember = apiRoute(access.elections, {
  method: 'delete',
  path: '/oversight/elections/{id}/committee/{userId}',
  tags: ['Pemilihan'],
  summary: 'Take someone off the committee (master)',
  request: {
    params: electionParam.extend({
      userId: z.string().min(1, { error: 'ID pengguna tidak valid.' }).max(100, {
        error: 'ID pengguna tidak valid.',
      }),
    }),
  },
  responses: { 204: { description: 'Removed' }, ...refusals },
});

export const issueInvitation = apiRoute(access.elections, {
  method: 'post',
  path: '/oversight/elections/{id}/invitations',
  tags: ['Pemilihan'],
  summary: 'Issue a new committee invitation code, mailed when an email is given (master)',
  request: {
    params: electionParam,
    body: { required: true, content: json(issueInvitationSchema) },
  },
  responses: { 201: { description: 'Issued', content: json(invitationOut) }, ...refusals },
});

export const revokeInvitation = apiRoute(access.elections, {
  method: 'post',
  path: '/oversight/elections/{id}/invitations/{code}/revoke',
  tags: ['Pemilihan'],
  summary: 'Revoke an invitation code at once (master)',
  request: { params: electionParam.extend({ code: invitationCodeField }) },
  responses: { 204: { description: 'Revoked' }, ...refusals },
});

export const archiveElection = apiRoute(access.elections, {
  method: 'post',
  path: '/oversight/elections/{id}/archive',
  tags: ['Pemilihan'],
  summary:
    'Archive a draft (cancelled) or a closed election; refused while coming or open (master)',
  request: { params: electionParam },
  responses: { 200: { description: 'Archived', content: json(electionOut) }, ...refusals },
});

export const publishResults = apiRoute(access.committee('publish'), {
  method: 'post',
  path: '/elections/{id}/publish',
  tags: ['Panitia'],
  summary: 'Umumkan Hasil: the counts of a closed election become public (committee, master)',
  request: { params: electionParam },
  responses: { 200: { description: 'Published', content: json(electionOut) }, ...refusals },
});
