import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './create-admin.ts';
import { admins } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { jpegDataUrl } from '../../test/images.ts';

type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

let n = 0;
async function signedInAdmin(role: 'admin' | 'master' = 'admin') {
  n++;
  const email = `admin${n}@bem.test`;
  const { account } = await createAdmin(app.services.database.db, {
    email,
    password: 'sandi-admin-1',
    name: 'Rudi Hartono',
    role,
  });
  const client = app.client();
  expect((await client.signIn(email, 'sandi-admin-1')).status).toBe(200);
  return { client, id: account.id };
}
const row = async (id: string) =>
  (await app.services.database.db.select().from(admins).where(eq(admins.userId, id)))[0]!;

describe('/api/admins/me', () => {
  it('refuses the anonymous and a voter', async () => {
    expect((await app.client().get('/api/admins/me')).status).toBe(401);
    const voter = app.client();
    await voter.registerVoter();
    expect((await voter.get('/api/admins/me')).status).toBe(403);
    const res = await voter.request('PUT', '/api/admins/me', {
      json: { namaTampilan: 'X', namaLengkap: 'X Y', foto: '' },
    });
    expect(res.status).toBe(403);
  });

  it('saves display name, full name and photo, never the role', async () => {
    const { client, id } = await signedInAdmin();
    const res = await client.request('PUT', '/api/admins/me', {
      json: {
        namaTampilan: 'Rudi',
        namaLengkap: 'Rudi Hartono',
        foto: await jpegDataUrl(300, 300),
        role: 'master',
      },
    });
    expect(res.status).toBe(200);
    const r = await row(id);
    expect(r).toMatchObject({ namaTampilan: 'Rudi', namaLengkap: 'Rudi Hartono', role: 'admin' });
    expect(r.foto.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('refuses a photo over 300 px wide and markup in the display name, changing nothing', async () => {
    const { client, id } = await signedInAdmin();
    const before = await row(id);
    const wide = await client.request('PUT', '/api/admins/me', {
      json: {
        namaTampilan: 'Rudi',
        namaLengkap: 'Rudi Hartono',
        foto: await jpegDataUrl(640, 480),
      },
    });
    expect(wide.status).toBe(400);
    expect(((await wide.json()) as ErrorBody).error.fields?.foto).toMatch(
      /Lebar foto maksimal 300/,
    );
    const markup = await client.request('PUT', '/api/admins/me', {
      json: { namaTampilan: '<b>x</b>', namaLengkap: 'Rudi Hartono', foto: '' },
    });
    expect(markup.status).toBe(400);
    expect(((await markup.json()) as ErrorBody).error.fields?.namaTampilan).toBeTruthy();
    expect(await row(id)).toEqual(before);
  });
});

describe('/api/site/footer', () => {
  it('answers the default footer until an admin changes it', async () => {
    const res = await app.client().get('/api/site/footer');
    expect(res.status).toBe(200);
    const footer = (await res.json()) as { address: string; email: string; supporters: unknown[] };
    expect(footer.address).toContain('Yogyakarta');
    expect(footer.email).toMatch(/@/);
    expect(footer.supporters.length).toBeGreaterThan(0);
  });
});
