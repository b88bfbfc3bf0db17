import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../app.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // A stand-in build of the web app, so the static rules can be checked without running Vite.
  const web = app.services.env.webDist;
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app shell</title>');
  const js = 'console.log("x");'.repeat(200);
  fs.writeFileSync(path.join(web, 'assets', 'main-abc123.js'), js);
  fs.writeFileSync(path.join(web, 'assets', 'main-abc123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => app.stop());

/** A GET on the agent's connections: the status and whether an earlier connection was reused. */
const getOn = (agent: http.Agent, url: string) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });

describe('connections', () => {
  it('keeps an idle keep-alive connection open past a few seconds (a proxy reuses it)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await getOn(agent, `${app.url}/healthz`)).toEqual({ status: 200, reused: false });
      // Node's default closes it after 5 s idle; a request sent then would meet a reset.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await getOn(agent, `${app.url}/healthz`)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('API conventions', () => {
  it('answers an unknown API path with a JSON 404 in Indonesian', async () => {
    const res = await fetch(`${app.url}/api/tidak-ada`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Alamat API tidak ditemukan.' },
    });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await fetch(`${app.url}/api/voters/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"namaLengkap": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INVALID_BODY');
    expect(body.error.message).toMatch(/tidak valid/);
  });

  it('answers a body over the limit with a 413', async () => {
    const res = await fetch(`${app.url}/api/voters/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ namaLengkap: 'x'.repeat(JSON_BODY_LIMIT + 10) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers a wrong content type with a 415 in the error shape', async () => {
    const res = await fetch(`${app.url}/api/voters/register`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Tipe konten tidak didukung; kirim application/json.',
      },
    });
  });

  it('serves the OpenAPI document and the reference page', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/voters/register', '/readyz']),
    );
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await fetch(`${app.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });

  it('puts the security headers on every response', async () => {
    for (const p of ['/', '/api/me', '/api/nope', '/healthz']) {
      const res = await fetch(app.url + p);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });
});

describe('web app serving', () => {
  it('falls back to the app shell for page paths, answering 404 outside the route table', async () => {
    for (const p of ['/', '/berita', '/panitia/abc/kandidat', '/pemilihan/abc/kandidat']) {
      const res = await fetch(app.url + p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('app shell');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    // The web app still shows its not-found page; crawlers and link checkers are told the truth.
    for (const p of ['/halaman-yang-tidak-ada', '/panitia/abc/lainnya', '/admin/x/y']) {
      const res = await fetch(app.url + p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain('app shell');
    }
  });

  it('answers a missing asset with a 404, not the app shell', async () => {
    for (const p of [
      '/assets/missing-123.js',
      '/missing.png',
      '/favicon.ico',
      '/.web-build-stamp',
      '/.env',
    ]) {
      const res = await fetch(app.url + p);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('app shell');
    }
  });

  it('answers a page opened at a path with a dot with the app shell and a 404', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const p of ['/berita/versi-1.2', '/missing.png']) {
      const page = await fetch(app.url + p, { headers: html });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('app shell');
      // The same path fetched as a file stays a short text.
      const file = await fetch(app.url + p, { headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(file.status).toBe(404);
      expect(await file.text()).toBe('Berkas tidak ditemukan.');
    }
    // Hidden files and build assets are never answered with the shell.
    for (const p of ['/.env', '/assets/missing-123.js']) {
      const res = await fetch(app.url + p, { headers: html });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('app shell');
    }
  });

  it('serves hashed assets compressed and cached immutably', async () => {
    const res = await fetch(`${app.url}/assets/main-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toContain('console.log');
    const file = await fetch(`${app.url}/favicon.svg`);
    expect(file.status).toBe(200);
  });
});
