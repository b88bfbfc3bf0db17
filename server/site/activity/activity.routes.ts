import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import {
  activityFilterFields,
  datesInOrder,
  datesInOrderError,
} from '../../../shared/schemas/admins.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};

export const activityEntryOut = z
  .object({
    seq: z.number(),
    at: z.string(),
    actorName: z.string(),
    actorRole: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    electionId: z.string().nullable(),
    summary: z.string(),
    hash: z.string(),
  })
  .openapi('ActivityEntry');

const pageFields = z.object({
  page: z.coerce
    .number({ error: 'Halaman harus berupa angka.' })
    .int({ error: 'Halaman harus berupa bilangan bulat.' })
    .min(1, { error: 'Halaman minimal 1.' })
    .max(100_000, { error: 'Halaman terlalu besar.' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Jumlah per halaman harus berupa angka.' })
    .int({ error: 'Jumlah per halaman harus berupa bilangan bulat.' })
    .min(1, { error: 'Jumlah per halaman minimal 1.' })
    .max(100, { error: 'Jumlah per halaman maksimal 100.' })
    .default(25),
});

export const listActivity = apiRoute(access.activity, {
  method: 'get',
  path: '/activity',
  tags: ['Aktivitas'],
  summary: 'Histori Aktivitas: audit entries with filters, search and pages, newest first (admin)',
  request: {
    query: activityFilterFields.extend(pageFields.shape).refine(datesInOrder, datesInOrderError),
  },
  responses: {
    200: {
      description: 'Entries',
      content: json(
        z.object({
          items: z.array(activityEntryOut),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
        }),
      ),
    },
    ...refusals,
  },
});

export const getActivityOptions = apiRoute(access.activity, {
  method: 'get',
  path: '/activity/options',
  tags: ['Aktivitas'],
  summary: 'The entity types and actions present in the log, for the filters (admin)',
  responses: {
    200: {
      description: 'Options',
      content: json(z.object({ entityTypes: z.array(z.string()), actions: z.array(z.string()) })),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const exportActivity = apiRoute(access.activity, {
  method: 'get',
  path: '/activity/export',
  tags: ['Aktivitas'],
  summary: 'The filtered entries as a CSV attachment, formulas defused (admin)',
  request: { query: activityFilterFields.refine(datesInOrder, datesInOrderError) },
  responses: {
    200: { description: 'CSV attachment', content: { 'text/csv': { schema: z.string() } } },
    ...refusals,
  },
});

export const getActivityChain = apiRoute(access.activity, {
  method: 'get',
  path: '/activity/chain',
  tags: ['Aktivitas'],
  summary: 'Recomputes the whole audit hash chain and reports any problem (admin)',
  responses: {
    200: {
      description: 'Chain report',
      content: json(
        z
          .object({
            ok: z.boolean(),
            entries: z.number(),
            head: z.string(),
            problems: z.array(z.string()),
          })
          .openapi('AuditChainReport'),
      ),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});
