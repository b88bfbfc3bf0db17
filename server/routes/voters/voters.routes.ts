import { createRoute } from '@hono/zod-openapi';
import { registerVoterSchema } from '../../../shared/schemas/account.ts';
import { meSchema } from '../../presenters/me.ts';
import { errorResponses } from '../../http/schemas.ts';

export const registerVoter = createRoute({
  method: 'post',
  path: '/voters/register',
  tags: ['Pemilih'],
  summary: 'Register a voter account; the new voter is signed in',
  request: {
    body: { required: true, content: { 'application/json': { schema: registerVoterSchema } } },
  },
  responses: {
    201: {
      description: 'Registered and signed in',
      content: { 'application/json': { schema: meSchema } },
    },
    400: errorResponses[400],
    409: errorResponses[409],
  },
});
