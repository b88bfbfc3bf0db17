import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import { electionRequestSchema, rejectSchema } from '../../../shared/schemas/elections.ts';
import { errorResponses } from '../../http/schemas.ts';
import { electionOut, electionRequestOut } from '../present.ts';

const idParam = z.object({ id: uuidSchema('ID permohonan tidak valid.') });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

export const submitRequest = apiRoute(access.public, {
  method: 'post',
  path: '/election-requests',
  tags: ['Pemilihan'],
  summary: 'Anyone asks for an election; the requester gets a confirmation mail',
  request: { body: { required: true, content: json(electionRequestSchema) } },
  responses: {
    201: {
      description: 'Submitted',
      content: json(z.object({ id: z.string(), status: z.literal('pending') })),
    },
    400: errorResponses[400],
  },
});

export const listRequests = apiRoute(access.elections, {
  method: 'get',
  path: '/election-requests',
  tags: ['Pemilihan'],
  summary: 'Election requests, newest first (master)',
  request: { query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }) },
  responses: {
    200: {
      description: 'Requests',
      content: json(z.object({ items: z.array(electionRequestOut) })),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const approveRequest = apiRoute(access.elections, {
  method: 'post',
  path: '/election-requests/{id}/approve',
  tags: ['Pemilihan'],
  summary: 'Approve: creates the election (draft) and its committee invitation code (master)',
  request: { params: idParam },
  responses: {
    200: {
      description: 'Approved',
      content: json(
        z.object({ request: electionRequestOut, election: electionOut, kodeUndangan: z.string() }),
      ),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const rejectRequest = apiRoute(access.elections, {
  method: 'post',
  path: '/election-requests/{id}/reject',
  tags: ['Pemilihan'],
  summary: 'Reject with a reason, mailed to the requester (master)',
  request: { params: idParam, body: { required: true, content: json(rejectSchema) } },
  responses: {
    200: { description: 'Rejected', content: json(electionRequestOut) },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
