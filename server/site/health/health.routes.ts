import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';

const status = z.object({ status: z.string() });

export const healthz = apiRoute(access.public, {
  method: 'get',
  path: '/healthz',
  tags: ['Sistem'],
  summary: 'The process is alive',
  responses: { 200: { description: 'Alive', content: { 'application/json': { schema: status } } } },
});

export const readyz = apiRoute(access.public, {
  method: 'get',
  path: '/readyz',
  tags: ['Sistem'],
  summary: 'The database answers',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: status } } },
    503: { description: 'Not ready', content: { 'application/json': { schema: status } } },
  },
});
