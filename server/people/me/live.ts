import { z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { access, apiRoute } from '../../access/route-access.ts';
import { errors } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponses } from '../../http/schemas.ts';

const HEARTBEAT_MS = 25_000;
const SESSION_RECHECK_MS = 60_000;

export const liveMe = apiRoute(access.signedIn, {
  method: 'get',
  path: '/live/me',
  tags: ['Akun'],
  summary:
    "Server-Sent Events: a `changed` event whenever the signed-in person's own records change",
  responses: {
    200: { description: 'Event stream', content: { 'text/event-stream': { schema: z.string() } } },
    401: errorResponses[401],
  },
});

/** The live stream of the signed-in person's own records; it ends when the session does. */
export const liveMeRouter = createRouter().openapi(liveMe, async (c) => {
  const user = c.get('user');
  if (!user) throw errors.unauthenticated();
  const { live, auth, lifecycle } = c.get('services');
  if (lifecycle.shuttingDown) throw errors.shuttingDown();
  const headers = c.req.raw.headers;
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    const unsubscribe = live.subscribe(user.id, (event) => {
      if (event === 'closing') return done();
      void stream.writeSSE({ event: 'changed', data: '{}' });
    });
    const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const recheck = setInterval(() => {
      auth.api.getSession({ headers, query: { disableRefresh: true } }).then(
        (s) => {
          if (!s) done();
        },
        () => {},
      );
    }, SESSION_RECHECK_MS);
    stream.onAbort(done);
    await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
    await finished;
    clearInterval(heartbeat);
    clearInterval(recheck);
    unsubscribe();
  });
});
