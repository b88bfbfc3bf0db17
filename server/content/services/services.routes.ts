import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import { moveSchema } from '../../../shared/schemas/documents.ts';
import {
  SERVICE_CATEGORIES,
  serviceInputSchema,
  serviceListQuerySchema,
} from '../../../shared/schemas/services.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: uuidSchema('ID layanan tidak valid.') });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

export const serviceOut = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.enum(SERVICE_CATEGORIES),
    /** http(s), mailto, tel or WhatsApp link, or empty. */
    link: z.string(),
    contact: z.string(),
    hours: z.string(),
    sortOrder: z.number(),
    /** 1-based place in its category, and how many the category holds (for move up/down). */
    position: z.number(),
    siblings: z.number(),
    isExample: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Service');

export const listServices = apiRoute(access.public, {
  method: 'get',
  path: '/services',
  tags: ['Layanan'],
  summary: 'Services by category, with search; `limit` per page (the home page asks for a few)',
  request: { query: serviceListQuerySchema },
  responses: {
    200: {
      description: 'Services',
      content: json(z.object({ items: z.array(serviceOut), total: z.number() })),
    },
    400: errorResponses[400],
  },
});

export const createService = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/services',
  tags: ['Layanan'],
  summary: 'Add a service at the end of its category (admin)',
  request: { body: { required: true, content: json(serviceInputSchema) } },
  responses: { 201: { description: 'Added', content: json(serviceOut) }, ...refusals },
});

export const updateService = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/services/{id}',
  tags: ['Layanan'],
  summary: 'Change a service (admin)',
  request: { params: idParam, body: { required: true, content: json(serviceInputSchema) } },
  responses: { 200: { description: 'Changed', content: json(serviceOut) }, ...refusals },
});

export const deleteService = apiRoute(access.contentAdmin, {
  method: 'delete',
  path: '/services/{id}',
  tags: ['Layanan'],
  summary: 'Remove a service (admin)',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, ...refusals },
});

export const moveService = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/services/{id}/move',
  tags: ['Layanan'],
  summary: 'Move a service one place up or down within its category (admin)',
  request: { params: idParam, body: { required: true, content: json(moveSchema) } },
  responses: { 204: { description: 'Moved' }, ...refusals },
});
