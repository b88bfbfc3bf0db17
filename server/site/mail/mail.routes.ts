import { z } from '@hono/zod-openapi';
import { access, apiRoute } from '../../access/route-access.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

export const getOutbox = apiRoute(access.master, {
  method: 'get',
  path: '/mail/outbox',
  tags: ['Surat'],
  summary:
    'The outbox: mail waiting (and since when), sent in the last day, and every mail given up, newest first; never a body (master admin)',
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: {
    200: {
      description: 'Outbox',
      content: json(
        z
          .object({
            pending: z.number(),
            /** Of the pending: those whose last attempt failed and wait for the next. */
            retrying: z.number(),
            oldestPendingAt: z.string().nullable(),
            sentLastDay: z.number(),
            totalFailed: z.number(),
            failed: z.array(
              z.object({
                id: z.number(),
                to: z.string(),
                subject: z.string(),
                /** Why, in Indonesian (the mail server's own words stay in the log). */
                error: z.string(),
                createdAt: z.string(),
                attempts: z.number(),
                /** False once its body was erased (a credential after the close). */
                retryable: z.boolean(),
              }),
            ),
          })
          .openapi('MailOutbox'),
      ),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const retryOutboxMail = apiRoute(access.master, {
  method: 'post',
  path: '/mail/outbox/{id}/retry',
  tags: ['Surat'],
  summary: 'Sends a mail that was given up again (master admin)',
  request: {
    params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  },
  responses: {
    204: { description: 'Queued again' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
