import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, voterInput, type TestApp } from '../test/app.ts';
import { spawnServer } from '../test/server-process.ts';

// Client addresses from the documentation ranges (RFC 5737, RFC 3849).
let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

async function register(a: TestApp, forwardedFor: string) {
  const res = await a.client().request('POST', '/api/voters/register', {
    json: voterInput(),
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return res.status;
}

function electionRequest(i: number) {
  const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  return {
    namaPemilihan: `Pemilihan Ketua HIMA ${i}`,
    penyelenggara: 'HIMA Teknokimia Nuklir',
    deskripsi: 'Pemilihan ketua dan wakil ketua himpunan periode 2027.',
    waktuMulai: start.toISOString(),
    waktuSelesai: new Date(start.getTime() + 8 * 3600 * 1000).toISOString(),
    namaPemohon: 'Rina Putri',
    emailPemohon: `pemohon${i}@mahasiswa.test`,
  };
}

describe('hardening 7: IPv6 addresses in one /64 share one limit', () => {
  it('registration counts a whole /64 as one address', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', REGISTER_PER_HOUR: '1' });
    expect(await register(app, '2001:db8:5:6::1')).toBe(202);
    expect(await register(app, '2001:db8:5:6:ffff:eeee:dddd:9')).toBe(429);
    expect(await register(app, '2001:db8:5:7::1')).toBe(202);
  });

  it('election requests count a whole /64 as one address', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1' });
    for (let i = 0; i < 20; i++) {
      const res = await app.client().request('POST', '/api/election-requests', {
        json: electionRequest(i),
        headers: { 'x-forwarded-for': `2001:db8:9:9::${(i + 1).toString(16)}` },
      });
      expect(res.status).toBe(201);
    }
    const next = await app.client().request('POST', '/api/election-requests', {
      json: electionRequest(99),
      headers: { 'x-forwarded-for': '2001:db8:9:9:abcd::77' },
    });
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('hardening 8: X-Forwarded-For is believed only from TRUSTED_PROXIES', () => {
  it('takes the right-most untrusted hop; a client cannot choose its own address', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', REGISTER_PER_HOUR: '1' });
    expect(await register(app, '198.51.100.9, 203.0.113.4')).toBe(202);
    // The left-most hop is the client's own words: changing it changes nothing.
    expect(await register(app, '192.0.2.200, 203.0.113.4')).toBe(429);
    expect(await register(app, '203.0.113.5')).toBe(202);
  });

  it('skips hops that are trusted proxies themselves', async () => {
    app = await startTestApp({
      TRUSTED_PROXIES: '127.0.0.1,::1,203.0.113.0/28',
      REGISTER_PER_HOUR: '1',
    });
    expect(await register(app, '198.51.100.9, 203.0.113.4')).toBe(202);
    expect(await register(app, '198.51.100.9, 203.0.113.7')).toBe(429);
    expect(await register(app, '198.51.100.10, 203.0.113.7')).toBe(202);
  });

  it('ignores the header when the connection does not come from a trusted proxy', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '10.20.30.40', REGISTER_PER_HOUR: '1' });
    expect(await register(app, '198.51.100.1')).toBe(202);
    expect(await register(app, '198.51.100.2')).toBe(429);
  });

  it('refuses to start with the old TRUST_PROXY or a malformed TRUSTED_PROXIES, naming the variable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-proxies-'));
    try {
      for (const [env, variable] of [
        [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
        [{ TRUSTED_PROXIES: '10.0.0.1,nginx.local' }, 'TRUSTED_PROXIES'],
        [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES'],
      ] as const) {
        const server = spawnServer({ DATA_DIR: dataDir, env });
        const code = await server.exited;
        expect(code).toBe(1);
        expect(server.output().trim()).toMatch(
          new RegExp(`^Konfigurasi tidak valid: ${variable} [^\\n]+$`),
        );
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('hardening 9: junk does not lock a campus out of registering', () => {
  it('a burst of malformed and refused registrations leaves a real one from the same address untouched', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', REGISTER_PER_HOUR: '40' });
    const campus = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const junk = await app.client().request('POST', '/api/voters/register', {
        body: i % 2 ? '{"nim":' : JSON.stringify({ nim: 'x' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': campus },
      });
      statuses.push(junk.status);
    }
    // Junk is refused, and past its own budget it is slowed with 429.
    expect(statuses.slice(0, 40).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
    for (let i = 0; i < 3; i++) expect(await register(app, campus)).toBe(202);
  });

  it('accepted registrations still share the address budget', async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', REGISTER_PER_HOUR: '3' });
    const campus = '203.0.113.78';
    for (let i = 0; i < 3; i++) expect(await register(app, campus)).toBe(202);
    expect(await register(app, campus)).toBe(429);
  });
});
