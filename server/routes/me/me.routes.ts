import { access, apiRoute } from '../../http/access.ts';
import { meSchema } from '../../presenters/me.ts';

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
