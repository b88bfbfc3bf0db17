import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../test/app.ts';

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

describe('API guards', () => {
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
