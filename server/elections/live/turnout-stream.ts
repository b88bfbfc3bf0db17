import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import { loadElection } from '../results/election-row.ts';
import { visibleToPublic } from '../rules/lifecycle.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { createRouter } from '../../http/router.ts';
import { busy } from '../../http/slots.ts';

export const liveTurnout = apiRoute(
  access.decidedByHandler('who sees which figures, per election'),
  {
    method: 'get',
    path: '/live/elections/{electionId}',
    tags: ['Hasil'],
    summary:
      "Server-Sent Events: the election's turnout (participation only, never votes) at once, then a `turnout` event on every change",
    request: {
      params: z.object({
        electionId: uuidSchema('ID pemilihan tidak valid.').openapi({
          param: { name: 'electionId', in: 'path' },
          example: '00000000-0000-4000-8000-000000000000',
        }),
      }),
    },
    responses: {
      200: {
        description: 'Event stream',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      400: errorResponses[400],
      404: errorResponses[404],
    },
  },
);

/** A stream that queued this many events its client has not taken is ended (it reconnects). */
const MAX_QUEUED_EVENTS = 64;
const RETRY = new TextEncoder().encode('retry: 3000\n\n');

/** The live turnout of a public election. */
export const turnoutStreamRouter = createRouter().openapi(liveTurnout, async (c) => {
  const { turnout, database, lifecycle } = c.get('services');
  if (lifecycle.shuttingDown) throw errors.shuttingDown();
  const election = await loadElection(database.db, c.req.valid('param').electionId);
  // Drafts (and cancelled drafts) exist only for their committee, and have no turnout.
  if (!visibleToPublic(election))
    throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  const release = c.get('services').slots.liveStreams.take(c.get('clientIp'));
  if (!release) {
    return busy(
      c,
      30,
      'Terlalu banyak siaran langsung dibuka dari alamat Anda. Tutup tab lain atau coba lagi nanti.',
    );
  }
  // One plain stream per client: the hub queues the same bytes on every one of them.
  let unsubscribe = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(RETRY);
      unsubscribe = turnout.subscribe(election, {
        write: (chunk) => {
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) return false;
          controller.enqueue(chunk);
          return true;
        },
        close: () => {
          release();
          try {
            controller.close();
          } catch {
            // The client is gone already.
          }
        },
      });
    },
    cancel() {
      release();
      unsubscribe();
    },
  });
  return c.body(body, 200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
    'Transfer-Encoding': 'chunked',
  });
});
