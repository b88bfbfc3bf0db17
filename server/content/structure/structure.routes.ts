import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import {
  divisionInputSchema,
  memberInputSchema,
  moveSchema,
  periodInputSchema,
} from '../../../shared/schemas/structure.ts';
import { divisionOut, memberOut, periodDetailOut, periodOut } from './present.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: json(schema) });
const idParam = (what: string) => z.object({ id: uuidSchema(`ID ${what} tidak valid.`) });
const periodParam = idParam('periode');
const divisionParam = idParam('divisi');
const memberParam = idParam('pengurus');
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
};
const tags = ['Struktur Organisasi'];

// ---------------------------------------------------------------- public reads

export const listPeriods = apiRoute(access.public, {
  method: 'get',
  path: '/structure/periods',
  tags,
  summary: 'Every period (cabinet), newest first',
  responses: {
    200: { description: 'Periods', content: json(z.object({ items: z.array(periodOut) })) },
  },
});

export const getCurrentStructure = apiRoute(access.public, {
  method: 'get',
  path: '/structure/current',
  tags,
  summary:
    'The period shown by default (the one marked current, else the newest) with its leaders and divisions; null when nothing is set up',
  responses: {
    200: {
      description: 'Current period',
      content: json(z.object({ structure: periodDetailOut.nullable() })),
    },
  },
});

export const getPeriod = apiRoute(access.public, {
  method: 'get',
  path: '/structure/periods/{id}',
  tags,
  summary: 'One period with its leaders and its divisions with their members, in order',
  request: { params: periodParam },
  responses: {
    200: { description: 'Period', content: json(periodDetailOut) },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

// ---------------------------------------------------------------- periods (admin)

export const createPeriod = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/structure/periods',
  tags,
  summary: 'Add a period (admin)',
  request: { body: body(periodInputSchema) },
  responses: { 201: { description: 'Added', content: json(periodOut) }, ...refusals },
});

export const updatePeriod = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/structure/periods/{id}',
  tags,
  summary: "Change a period's label, cabinet name and tagline (admin)",
  request: { params: periodParam, body: body(periodInputSchema) },
  responses: { 200: { description: 'Changed', content: json(periodOut) }, ...refusals },
});

export const makePeriodCurrent = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/structure/periods/{id}/current',
  tags,
  summary: 'Mark a period as the current one; every other period stops being current (admin)',
  request: { params: periodParam },
  responses: { 200: { description: 'Marked', content: json(periodOut) }, ...refusals },
});

export const deletePeriod = apiRoute(access.contentAdmin, {
  method: 'delete',
  path: '/structure/periods/{id}',
  tags,
  summary: 'Delete a period with its divisions and people (admin)',
  request: { params: periodParam },
  responses: { 204: { description: 'Deleted' }, ...refusals },
});

// ---------------------------------------------------------------- divisions (admin)

export const createDivision = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/structure/periods/{id}/divisions',
  tags,
  summary: 'Add a division to a period, at the end (admin)',
  request: { params: periodParam, body: body(divisionInputSchema) },
  responses: { 201: { description: 'Added', content: json(divisionOut) }, ...refusals },
});

export const updateDivision = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/structure/divisions/{id}',
  tags,
  summary: "Change a division's name and description (admin)",
  request: { params: divisionParam, body: body(divisionInputSchema) },
  responses: { 200: { description: 'Changed', content: json(divisionOut) }, ...refusals },
});

export const deleteDivision = apiRoute(access.contentAdmin, {
  method: 'delete',
  path: '/structure/divisions/{id}',
  tags,
  summary: 'Delete a division with its members (admin)',
  request: { params: divisionParam },
  responses: { 204: { description: 'Deleted' }, ...refusals },
});

export const moveDivision = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/structure/divisions/{id}/move',
  tags,
  summary: 'Move a division one place up or down (admin)',
  request: { params: divisionParam, body: body(moveSchema) },
  responses: {
    204: { description: 'Moved' },
    ...refusals,
    409: errorResponses[409],
  },
});

// ---------------------------------------------------------------- members (admin)

export const createMember = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/structure/periods/{id}/members',
  tags,
  summary: 'Add a leader (no division) or a division member to a period, at the end (admin)',
  request: { params: periodParam, body: body(memberInputSchema) },
  responses: { 201: { description: 'Added', content: json(memberOut) }, ...refusals },
});

export const updateMember = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/structure/members/{id}',
  tags,
  summary: "Change a person's name, position, division and photo (admin)",
  request: { params: memberParam, body: body(memberInputSchema) },
  responses: { 200: { description: 'Changed', content: json(memberOut) }, ...refusals },
});

export const deleteMember = apiRoute(access.contentAdmin, {
  method: 'delete',
  path: '/structure/members/{id}',
  tags,
  summary: 'Remove a person from the structure (admin)',
  request: { params: memberParam },
  responses: { 204: { description: 'Deleted' }, ...refusals },
});

export const moveMember = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/structure/members/{id}/move',
  tags,
  summary: 'Move a person one place up or down among the leaders or their division (admin)',
  request: { params: memberParam, body: body(moveSchema) },
  responses: {
    204: { description: 'Moved' },
    ...refusals,
    409: errorResponses[409],
  },
});
