import { afterEach, describe, expect, it } from 'vitest';
import { Slots } from '../http/slots.ts';
import { signedInStaff, startTestApp, type TestApp } from '../test/app.ts';
import { insertClosedElection } from '../test/elections.ts';
import { openEventStream } from '../test/sse.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

describe('hardening 10: per-address caps on the live stream and on PDF rendering', () => {
  it('caps the public live streams open at once per address, 429 with Retry-After', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', LIVE_STREAMS_PER_ADDRESS: '3' });
    const { election } = await insertClosedElection(app.services.database.db, {
      votes: [0],
      resultsRelease: 'manual',
    });
    const url = `${app.url}/api/live/elections/${election.id}`;
    const from = (address: string) => openEventStream(url, { 'x-forwarded-for': address });
    const open = [
      await from('203.0.113.10'),
      await from('203.0.113.10'),
      await from('203.0.113.10'),
    ];
    for (const s of open) expect(s.res.status).toBe(200);
    const fourth = await from('203.0.113.10');
    expect(fourth.res.status).toBe(429);
    expect(fourth.res.headers.get('retry-after')).toMatch(/^\d+$/);
    await fourth.close();
    // Another address is not affected; the same /64 of IPv6 counts as one address.
    const other = await from('203.0.113.11');
    expect(other.res.status).toBe(200);
    // A closed stream frees its slot.
    await open[0]!.close();
    let again = await from('203.0.113.10');
    for (let i = 0; again.res.status === 429 && i < 50; i++) {
      await again.close();
      await new Promise((r) => setTimeout(r, 50));
      again = await from('203.0.113.10');
    }
    expect(again.res.status).toBe(200);
    for (const s of [...open.slice(1), other, again]) await s.close();
  });

  it('caps berita acara renderings per address per minute, 429 with Retry-After', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1' });
    const master = await signedInStaff(app, {
      email: 'master.caps@bem.test',
      password: 'rahasia-master-1',
      name: 'Master',
      role: 'master',
    });
    const { election } = await insertClosedElection(app.services.database.db, {
      votes: [0, 1],
      resultsRelease: 'on-close',
    });
    const pdf = (address: string) =>
      master.request('GET', `/api/results/${election.id}/pdf`, {
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 10; i++) expect((await pdf('198.51.100.20')).status).toBe(200);
    const over = await pdf('198.51.100.20');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await pdf('198.51.100.21')).status).toBe(200);
  });

  it('holds at most two renderings per address and four in all at once', () => {
    const slots = new Slots({ perAddress: 2, total: 4 });
    const a1 = slots.take('203.0.113.1');
    const a2 = slots.take('203.0.113.1');
    expect(a1 && a2).toBeTruthy();
    expect(slots.take('203.0.113.1')).toBeUndefined();
    const b1 = slots.take('2001:db8:1:1::1');
    expect(slots.take('2001:db8:1:1::2')).toBeTruthy(); // same /64: its second slot
    expect(slots.take('2001:db8:1:1::3')).toBeUndefined();
    expect(slots.take('198.51.100.1')).toBeUndefined(); // four in all
    a1!();
    a1!(); // releasing twice frees one slot only
    expect(slots.take('198.51.100.1')).toBeTruthy();
    expect(slots.take('198.51.100.2')).toBeUndefined();
    void b1;
  });
});
