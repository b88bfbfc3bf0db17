import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import { joinCommitteeSchema, registerCommitteeSchema } from '../../../shared/schemas/elections.ts';
import { errorResponses } from '../../http/schemas.ts';
import { electionOut } from '../present.ts';
import { meSchema } from '../../people/me/present.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

export const registerCommittee = apiRoute(access.public, {
  method: 'post',
  path: '/committee/register',
  tags: ['Panitia'],
  summary:
    'Create an account with an invitation code and join that committee; signed in afterwards',
  request: { body: { required: true, content: json(registerCommitteeSchema) } },
  responses: {
    201: {
      description: 'Registered',
      content: json(z.object({ me: meSchema, electionId: z.string() })),
    },
    400: errorResponses[400],
    409: errorResponses[409],
  },
});

export const joinCommittee = apiRoute(access.signedIn, {
  method: 'post',
  path: '/committee/join',
  tags: ['Panitia'],
  summary: 'The signed-in person joins a committee with an invitation code',
  request: { body: { required: true, content: json(joinCommitteeSchema) } },
  responses: {
    200: { description: 'Joined', content: json(z.object({ electionId: z.string() })) },
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

export const myCommitteeElections = apiRoute(access.signedIn, {
  method: 'get',
  path: '/committee/elections',
  tags: ['Panitia'],
  summary: 'Elections whose committee the signed-in person is on',
  responses: {
    200: { description: 'Elections', content: json(z.object({ items: z.array(electionOut) })) },
    401: errorResponses[401],
  },
});
