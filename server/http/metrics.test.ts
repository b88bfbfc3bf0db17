import { mailOutbox } from '../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.ts';

const TOKEN = 'token-metrik-uji-0123456789';
let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  [open, guarded] = await Promise.all([startTestApp(), startTestApp({ METRICS_TOKEN: TOKEN })]);
});
afterAll(() => Promise.all([open.stop(), guarded.stop()]));

/** A sample's value in Prometheus text, by its name and exact label set. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics (Prometheus)', () => {
  it('counts requests by route pattern, with Node’s own measures, for a direct loopback request', async () => {
    for (let i = 0; i < 3; i++)
      expect((await open.client().get('/api/elections')).status).toBe(200);
    expect((await open.client().get('/api/tidak-ada')).status).toBe(404);
    const res = await fetch(`${open.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(text, 'bem_http_requests_total{method="GET",route="/api/elections",status="200"}'),
    ).toBe(3);
    expect(sample(text, 'bem_http_requests_total{method="GET",route="/api/*",status="404"}')).toBe(
      1,
    );
    // One series per route, never per address typed.
    expect(text).not.toContain('tidak-ada');
    expect(
      sample(text, 'bem_http_request_duration_seconds_count{method="GET",route="/api/elections"}'),
    ).toBe(3);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'bem_live_stream_clients',
    ])
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    expect(sample(text, 'bem_live_stream_clients')).toBe(0);
    // The outbox, read from the database: a mail given up shows at once.
    expect(sample(text, 'bem_mail_outbox{state="failed"}')).toBe(0);
    await open.services.database.db.insert(mailOutbox).values({
      toAddress: 'x@mahasiswa.test',
      subject: 'Uji',
      state: 'failed',
    });
    const again = await (await fetch(`${open.url}/metrics`)).text();
    expect(sample(again, 'bem_mail_outbox{state="failed"}')).toBe(1);
    // The pool is PostgreSQL's: on the embedded database there is none.
    if (open.services.database.kind === 'postgres')
      expect(sample(text, 'bem_db_pool_connections{state="max"}')).toBe(20);
  });

  it('is not served through a proxy, nor without the token when one is set', async () => {
    // A proxy on the same machine connects from loopback on anyone's behalf.
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
      const relayed = await fetch(`${open.url}/metrics`, { headers: { [header]: '203.0.113.9' } });
      expect(relayed.status, header).toBe(404);
      expect(await relayed.text()).not.toContain('bem_');
    }
    for (const authorization of [undefined, 'Bearer salah', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await fetch(`${guarded.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, authorization).toBe(404);
    }
    const ok = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('bem_http_requests_total');
  });
});
