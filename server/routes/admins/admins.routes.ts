import { createRoute } from '@hono/zod-openapi';
import { adminProfileSchema } from '../../../shared/schemas/account.ts';
import { errorResponses } from '../../http/schemas.ts';
import { adminSchema } from '../../presenters/me.ts';

export const getOwnAdmin = createRoute({
  method: 'get',
  path: '/admins/me',
  tags: ['Admin'],
  summary: "The signed-in admin's own record",
  responses: {
    200: { description: 'The record', content: { 'application/json': { schema: adminSchema } } },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const updateOwnAdmin = createRoute({
  method: 'put',
  path: '/admins/me',
  tags: ['Admin'],
  summary: "Save the signed-in admin's own profile",
  request: {
    body: { required: true, content: { 'application/json': { schema: adminProfileSchema } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: adminSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});
