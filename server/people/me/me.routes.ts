import { access, apiRoute } from '../../access/route-access.ts';
import { meSchema } from './present.ts';

export const getMe = apiRoute(access.public, {
  method: 'get',
  path: '/me',
  tags: ['Akun'],
  summary: 'The signed-in person with their own records and abilities',
  responses: {
    200: {
      description: 'Signed in or anonymous',
      content: { 'application/json': { schema: meSchema } },
    },
  },
});
