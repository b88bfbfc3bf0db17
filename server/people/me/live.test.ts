import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voters } from '../../db/schema/index.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { openEventStream, until } from '../../test/sse.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** Opens the person's live stream with the client's session. */
const openStream = (client: TestClient) =>
  openEventStream(`${app.url}/api/live/me`, { cookie: client.cookieHeader() });

describe('GET /api/live/me', () => {
  it('refuses the anonymous', async () => {
    const res = await fetch(`${app.url}/api/live/me`);
    expect(res.status).toBe(401);
  });

  it("sends `changed` when the person's own record changes, whoever wrote it, and nothing for others", async () => {
    const me = app.client();
    const mine = await me.registerVoter();
    const someoneElse = app.client();
    const theirs = await someoneElse.registerVoter();
    const stream = await openStream(me);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      await until(() => stream.names().includes('ready'));

      // Someone else's record changes, then (a direct write, as any writer would) mine.
      await app.services.database.db
        .update(voters)
        .set({ namaTampilan: 'Lain' })
        .where(eq(voters.nim, theirs.nim));
      await app.services.database.db
        .update(voters)
        .set({ status: 'verified' })
        .where(eq(voters.nim, mine.nim));
      // Notifications arrive in commit order: once mine is here, theirs has been handled, and
      // it sent me nothing.
      await until(() => stream.names().includes('changed'));
      expect(stream.names().filter((e) => e === 'changed')).toHaveLength(1);
    } finally {
      await stream.close();
    }
  });

  it('ends the stream when the server shuts down', async () => {
    const other = await startTestApp();
    try {
      const client = other.client();
      await client.registerVoter();
      const controller = new AbortController();
      const res = await fetch(`${other.url}/api/live/me`, {
        headers: { cookie: client.cookieHeader() },
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      const started = Date.now();
      await other.stop();
      // Shutdown does not wait for the stream's client: it is ended, well before the 10 s cut-off.
      expect(Date.now() - started).toBeLessThan(5000);
      controller.abort();
    } catch (err) {
      await other.stop().catch(() => {});
      throw err;
    }
  });
});
