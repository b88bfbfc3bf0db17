import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import { PRODI, VOTER_STATUSES } from '../../../shared/people.ts';
import { rejectVoterSchema, studentListSchema } from '../../../shared/schemas/election-setup.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
};
const userParam = z.object({ userId: z.string().min(1).max(64) });

export const registeredVoterOut = z
  .object({
    userId: z.string(),
    namaLengkap: z.string(),
    nim: z.string(),
    prodi: z.string(),
    email: z.string(),
    /** Whether the registrant opened the confirmation link mailed to them. */
    emailConfirmed: z.boolean(),
    status: z.enum(VOTER_STATUSES),
    rejectionReason: z.string().nullable(),
    angkatan: z.number().nullable(),
    createdAt: z.string(),
  })
  .openapi('RegisteredVoter');

export const listVoters = apiRoute(access.verifier, {
  method: 'get',
  path: '/voters',
  tags: ['Pemilih'],
  summary: 'Registered voters with search, filters and pages (admin)',
  request: {
    query: z.object({
      q: z.string().max(100).optional(),
      status: z.enum(VOTER_STATUSES).optional(),
      prodi: z.enum(PRODI).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
  },
  responses: {
    200: {
      description: 'Voters',
      content: json(
        z.object({
          items: z.array(registeredVoterOut),
          total: z.number(),
          counts: z.object({ pending: z.number(), verified: z.number(), rejected: z.number() }),
        }),
      ),
    },
    ...refusals,
  },
});

export const verifyVoter = apiRoute(access.verifier, {
  method: 'post',
  path: '/voters/{userId}/verify',
  tags: ['Pemilih'],
  summary: 'Verifikasi: the registration is a real student (admin)',
  request: { params: userParam },
  responses: {
    200: { description: 'Verified', content: json(z.object({ status: z.literal('verified') })) },
    ...refusals,
  },
});

export const rejectVoter = apiRoute(access.verifier, {
  method: 'post',
  path: '/voters/{userId}/reject',
  tags: ['Pemilih'],
  summary: 'Tolak, with a reason mailed to the voter (admin)',
  request: { params: userParam, body: { required: true, content: json(rejectVoterSchema) } },
  responses: {
    200: { description: 'Rejected', content: json(z.object({ status: z.literal('rejected') })) },
    ...refusals,
  },
});

const studentListPreview = z.object({
  toVerify: z.array(z.object({ nim: z.string(), namaLengkap: z.string() })),
  alreadyVerified: z.number(),
  mismatched: z.array(
    z.object({ nim: z.string(), terdaftar: z.string(), daftarResmi: z.string() }),
  ),
  awaitingEmail: z.array(z.object({ nim: z.string(), namaLengkap: z.string() })),
  notRegistered: z.number(),
  invalid: z.array(z.object({ line: z.number(), reason: z.string() })),
});

export const previewStudentList = apiRoute(access.verifier, {
  method: 'post',
  path: '/voters/student-list/preview',
  tags: ['Pemilih'],
  summary: 'Official student list, step 1: who would be verified, nothing stored (admin)',
  request: { body: { required: true, content: json(studentListSchema) } },
  responses: { 200: { description: 'Preview', content: json(studentListPreview) }, ...refusals },
});

export const applyStudentList = apiRoute(access.verifier, {
  method: 'post',
  path: '/voters/student-list',
  tags: ['Pemilih'],
  summary: 'Official student list, step 2: verify every matching registration (admin)',
  request: { body: { required: true, content: json(studentListSchema) } },
  responses: { 200: { description: 'Applied', content: json(studentListPreview) }, ...refusals },
});
