import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, voters } from '../../db/schema/index.ts';
import { startTestApp, voterInput, type TestApp } from '../../test/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

async function counts() {
  const db = app.services.database.db;
  const [u] = await db.select({ n: count() }).from(user);
  const [v] = await db.select({ n: count() }).from(voters);
  return { users: u!.n, voters: v!.n };
}

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('POST /api/voters/register', () => {
  it('creates the account and the voter record, and signs the voter in', async () => {
    const client = app.client();
    const input = voterInput({ email: 'Rina.Putri@Mahasiswa.Test', namaLengkap: 'Rina Putri' });
    const res = await client.post('/api/voters/register', input);
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http here

    const me = await client.me();
    expect(me.user?.email).toBe('rina.putri@mahasiswa.test');
    expect(me.voter).toMatchObject({ nim: input.nim, status: 'pending' });
    expect(me.abilities).toMatchObject({ isVoter: true, isAdmin: false });
  });

  it('refuses an email already registered, whatever its case, and changes nothing', async () => {
    const first = voterInput({ email: 'dobel@mahasiswa.test' });
    await app.client().registerVoter(first);
    const before = await counts();
    const res = await app
      .client()
      .post('/api/voters/register', voterInput({ email: 'DOBEL@Mahasiswa.TEST' }));
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('EMAIL_TAKEN');
    expect(body.error.fields?.email).toBe('Email sudah terdaftar.');
    expect(await counts()).toEqual(before);
  });

  it('refuses a NIM already registered and changes nothing', async () => {
    const first = await app.client().registerVoter();
    const before = await counts();
    const res = await app.client().post('/api/voters/register', voterInput({ nim: first.nim }));
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('NIM_TAKEN');
    expect(body.error.fields?.nim).toBe('NIM sudah terdaftar.');
    expect(await counts()).toEqual(before);
  });

  it('gives exactly one account when the same NIM registers twice at once', async () => {
    const nim = voterInput().nim;
    const before = await counts();
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        app
          .client()
          .post('/api/voters/register', voterInput({ nim, email: `race${i}${nim}@x.test` })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const after = await counts();
    expect(after.users - before.users).toBe(1);
    expect(after.voters - before.voters).toBe(1);
  });

  it.each([
    [
      'a short password',
      { password: 'pendek', confirmPassword: 'pendek' },
      'password',
      /minimal 8 karakter/,
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'lain-sekali' },
      'confirmPassword',
      /tidak sama/,
    ],
    ['a prodi outside the three options', { prodi: 'Teknik Sipil' }, 'prodi', /Program Studi/],
    ['a NIM with letters', { nim: '12AB5678' }, 'nim', /8 sampai 12 digit/],
    ['a NIM too short', { nim: '1234' }, 'nim', /8 sampai 12 digit/],
    ['an invalid email', { email: 'bukan-email' }, 'email', /email tidak valid/i],
    ['an empty name', { namaLengkap: '  ' }, 'namaLengkap', /minimal 2 karakter/],
    ['a name with markup', { namaLengkap: '<script>x</script>' }, 'namaLengkap', /hanya boleh/],
  ])(
    'refuses %s with a message on that field and changes nothing',
    async (_label, override, field, message) => {
      const before = await counts();
      const res = await app.client().post('/api/voters/register', voterInput(override));
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.fields?.[field]).toMatch(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses a body that is not an object', async () => {
    const res = await app.client().post('/api/voters/register', ['x']);
    expect(res.status).toBe(400);
  });

  it('stores every email lower-case', async () => {
    const rows = await app.services.database.db
      .select({ email: user.email })
      .from(user)
      .where(sql`${user.email} <> lower(${user.email})`);
    expect(rows).toEqual([]);
  });
});

describe('registration rate limit', () => {
  it('refuses registrations over the hourly limit per address with a 429, creating nothing', async () => {
    const limited = await startTestApp({ REGISTER_PER_HOUR: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.client().post('/api/voters/register', voterInput())).status);
      expect(statuses).toEqual([201, 201, 201]);
      const db = limited.services.database.db;
      const [before] = await db.select({ n: count() }).from(user);
      const res = await limited.client().post('/api/voters/register', voterInput());
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/Terlalu banyak percobaan/);
      const [after] = await db.select({ n: count() }).from(user);
      expect(after!.n).toBe(before!.n);
    } finally {
      await limited.stop();
    }
  });
});
