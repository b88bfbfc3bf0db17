import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import { joinCommitteeSchema, registerCommitteeSchema } from '../../../shared/schemas/elections.ts';
import { errorResponses } from '../../http/schemas.ts';
import { electionOut } from '../present.ts';
import { meSchema } from '../../people/me/present.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
/** What the code made of its user: a committee member, or a witness (saksi) of one pair. */
const joinedRole = z.enum(['panitia', 'saksi']);

export const registerCommittee = apiRoute(access.public, {
  method: 'post',
  path: '/committee/register',
  tags: ['Panitia'],
  summary:
    'Create an account with an invitation code and join that committee, or become the witness the code is for; signed in afterwards',
  request: { body: { required: true, content: json(registerCommitteeSchema) } },
  responses: {
    201: {
      description: 'Registered',
      content: json(z.object({ me: meSchema, electionId: z.string(), role: joinedRole })),
    },
    400: errorResponses[400],
    409: errorResponses[409],
  },
});

export const joinCommittee = apiRoute(access.signedIn, {
  method: 'post',
  path: '/committee/join',
  tags: ['Panitia'],
  summary:
    "The signed-in person joins a committee with an invitation code, or becomes a pair's witness with a witness's code",
  request: { body: { required: true, content: json(joinCommitteeSchema) } },
  responses: {
    200: {
      description: 'Joined',
      content: json(z.object({ electionId: z.string(), role: joinedRole })),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponses[409],
  },
});

export const myCommitteeElections = apiRoute(access.signedIn, {
  method: 'get',
  path: '/committee/elections',
  tags: ['Panitia'],
  summary:
    'Elections whose committee the signed-in person is on, and those they are a witness of (role)',
  responses: {
    200: {
      description: 'Elections',
      content: json(z.object({ items: z.array(electionOut.extend({ role: joinedRole })) })),
    },
    401: errorResponses[401],
  },
});
