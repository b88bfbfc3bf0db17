import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { access, apiRoute, undeclaredRoutes } from './route-access.ts';
import type { AppEnv } from '../http/context.ts';

let app: TestApp;
let voter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInStaff(app, {
    email: 'penjaga@bem.test',
    password: 'sandi-admin-1',
    name: 'Admin Penjaga',
    role: 'admin',
  });
  voter = app.client();
  await voter.registerVoter();
});
afterAll(() => app.stop());

// Bodies that fail validation: a caller without the right must still hear 401/403 first.
const attempts: [string, string, unknown][] = [
  ['POST', '/api/admin/articles', { title: '' }],
  ['POST', '/api/documents', { judul: 1 }],
  ['PUT', '/api/services/bukan-id', {}],
  ['POST', '/api/admins', { email: 'bukan email' }],
  ['GET', '/api/activity?page=-1', undefined],
  ['GET', '/api/metrics/usage', undefined],
];

describe('access declared with each route', () => {
  it('refuse callers without the right before reading their input', async () => {
    for (const [method, url, json] of attempts) {
      const init = json === undefined ? {} : { json };
      expect((await app.client().request(method, url, init)).status, `anonymous ${url}`).toBe(401);
      expect((await voter.request(method, url, init)).status, `voter ${url}`).toBe(403);
    }
    // Managing admins is for masters: a plain admin is refused before validation too.
    expect((await admin.post('/api/admins', { email: 'bukan email' })).status).toBe(403);
    // Reading public content stays open.
    expect((await app.client().get('/api/documents')).status).toBe(200);
    expect((await app.client().get('/api/services')).status).toBe(200);
  });
});

describe('every route declares who may call it', () => {
  it("holds for the whole application, and the document shows each route's access", async () => {
    expect(undeclaredRoutes(createApp(app.services))).toEqual([]);
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    expect(doc.paths['/api/voters/{userId}/verify']?.post?.['x-access']).toBe('voter.verify');
    expect(doc.paths['/api/elections/{id}/lock']?.post?.['x-access']).toBe('election.prepare');
  });

  it('finds a route built without a declared access, and a handler added beside the API', () => {
    const ok = { 200: { description: 'ok' } };
    const declared = apiRoute(access.public, { method: 'get', path: '/a', responses: ok });
    const bare = createRoute({ method: 'get', path: '/b/{id}', responses: ok });
    const api = new OpenAPIHono<AppEnv>()
      .openapi(declared, (c) => c.body(null, 200))
      .openapi(bare, (c) => c.body(null, 200));
    api.get('/c', (c) => c.text('x'));
    const root = new OpenAPIHono<AppEnv>().route('/api', api);
    expect(undeclaredRoutes(root).sort()).toEqual(['GET /api/b/:id', 'GET /api/c']);
  });
});
