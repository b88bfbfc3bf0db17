import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, voters } from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp } from '../../test/app.ts';
import { createAccount } from '../create-account.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** An account with a proven address and no role (as a campus SSO account without NIM claim). */
async function roleless(email: string) {
  const password = 'sandi-tanpa-peran-1';
  await createAccount(app.services.database.db, {
    email,
    passwordHash: await app.services.passwords.hash(password),
    name: 'Gilang Pratama',
    emailVerified: true,
  });
  const client = app.client();
  expect((await client.signIn(email, password)).status).toBe(200);
  return client;
}

const voterCount = async () =>
  (await app.services.database.db.select({ n: count() }).from(voters))[0]!.n;

describe('POST /api/voters/me', () => {
  it('gives a signed-in account without voter data a record awaiting verification, once', async () => {
    const client = await roleless('gilang@kampus.test');
    expect((await client.me()).voter).toBeNull();
    const res = await client.post('/api/voters/me', {
      namaLengkap: 'Gilang Pratama',
      nim: '0223 00145',
      prodi: 'Elektro Mekanika',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ nim: '22300145', status: 'pending' });
    expect((await client.me()).voter).toMatchObject({ nim: '22300145', status: 'pending' });
    const [entry] = await app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'voter.registered'));
    expect(entry?.summary).toMatch(/Gilang Pratama \(22300145\) melengkapi data pemilih/);

    // Now a voter: a second record is refused (403: only accounts without one may).
    const again = await client.post('/api/voters/me', {
      namaLengkap: 'Gilang Lain',
      nim: '22300999',
      prodi: 'Elektro Mekanika',
    });
    expect(again.status).toBe(403);
    expect(await voterCount()).toBe(1);
  });

  it("refuses another voter's NIM, bad input and admins in Indonesian, storing nothing", async () => {
    const before = await voterCount();
    const client = await roleless('hana@kampus.test');
    const taken = await client.post('/api/voters/me', {
      namaLengkap: 'Hana Putri',
      nim: '22300145',
      prodi: 'Teknokimia Nuklir',
    });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.fields?.nim).toBe('NIM sudah terdaftar.');

    const bad = await client.post('/api/voters/me', { namaLengkap: 'H', nim: '12ab', prodi: 'X' });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as ErrorBody;
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['namaLengkap', 'nim', 'prodi']);
    expect(body.error.message).toMatch(/[a-z]/);

    const admin = await signedInStaff(app, {
      email: 'admin.data@bem.test',
      password: 'sandi-admin-data-1',
      name: 'Admin Data',
      role: 'admin',
    });
    const refused = await admin.post('/api/voters/me', {
      namaLengkap: 'Admin Data',
      nim: '22300777',
      prodi: 'Elektro Mekanika',
    });
    expect(refused.status).toBe(403);
    expect((await app.client().post('/api/voters/me', {})).status).toBe(401);
    expect(await voterCount()).toBe(before);
  });
});
