import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import {
  pageViewSchema,
  VITAL_NAMES,
  VITAL_RATINGS,
  vitalsSchema,
} from '../../../shared/schemas/metrics.ts';
import { errorContent, errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const beaconRefusals = {
  400: errorResponses[400],
  429: { description: 'Terlalu banyak permintaan', content: errorContent },
};

export const postPageView = apiRoute(access.public, {
  method: 'post',
  path: '/metrics/view',
  tags: ['Statistik'],
  summary:
    'Counts one view of a public page (the browser beacon); stores day, path and count only — no address, agent or cookie',
  request: { body: { required: true, content: json(pageViewSchema) } },
  responses: { 204: { description: 'Counted' }, ...beaconRefusals },
});

export const postVitals = apiRoute(access.public, {
  method: 'post',
  path: '/metrics/vitals',
  tags: ['Statistik'],
  summary:
    "Stores the web-vitals a visitor's browser measured on a public page; nothing about the visitor",
  request: { body: { required: true, content: json(vitalsSchema) } },
  responses: { 204: { description: 'Stored' }, ...beaconRefusals },
});

export const getDashboardCounts = apiRoute(access.dashboard, {
  method: 'get',
  path: '/metrics/counts',
  tags: ['Statistik'],
  summary: 'Rows of the content tables: news, documents, voters, elections (admin)',
  responses: {
    200: {
      description: 'Counts',
      content: json(
        z
          .object({
            articles: z.object({ total: z.number(), published: z.number() }),
            documents: z.object({ total: z.number() }),
            voters: z.object({ total: z.number(), pending: z.number(), verified: z.number() }),
            elections: z.object({ total: z.number(), open: z.number() }),
            /** Requests waiting for a decision: for the master admins only, else null. */
            requests: z.object({ pending: z.number() }).nullable(),
          })
          .openapi('DashboardCounts'),
      ),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const getUsage = apiRoute(access.dashboard, {
  method: 'get',
  path: '/metrics/usage',
  tags: ['Statistik'],
  summary:
    'Page views per day and the most viewed pages (last 30 days), web-vitals p75 with samples and label (admin)',
  responses: {
    200: {
      description: 'Usage',
      content: json(
        z
          .object({
            days: z.array(z.object({ day: z.string(), views: z.number() })),
            totalViews: z.number(),
            topPages: z.array(z.object({ path: z.string(), title: z.string(), views: z.number() })),
            vitals: z.array(
              z.object({
                name: z.enum(VITAL_NAMES),
                p75: z.number().nullable(),
                samples: z.number(),
                rating: z.enum(VITAL_RATINGS).nullable(),
              }),
            ),
          })
          .openapi('Usage'),
      ),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});
