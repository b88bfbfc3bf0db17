import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, voters } from '../../db/schema/index.ts';
import { previewRoll } from '../../elections/setup/roll.ts';
import { startTestApp, voterInput, type TestApp } from '../../test/app.ts';
import { insertVoters } from '../../test/elections.ts';

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
  const settled = () => app.services.background.settled();
  const mailsTo = (email: string) => app.sentMail.filter((m) => m.to === email.toLowerCase());

  it('hardening 4: answers 202 without signing in; the mailed link confirms the address and signs the student in', async () => {
    const client = app.client();
    const input = voterInput({ email: 'Rina.Putri@Mahasiswa.Test', namaLengkap: 'Rina Putri' });
    const res = await client.post('/api/voters/register', input);
    expect(res.status).toBe(202);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toEqual({
      status: 'confirmation-sent',
      message: expect.stringMatching(/buka tautan konfirmasi/),
    });
    expect((await client.me()).user).toBeNull();

    // Until the link is opened the password does not sign in (and sends the link again).
    await settled();
    const early = await app.client().signIn('rina.putri@mahasiswa.test', input.password);
    expect(early.status).toBe(403);
    expect(((await early.json()) as ErrorBody).error.code).toBe('EMAIL_NOT_VERIFIED');

    const link = await client.confirmationLink('rina.putri@mahasiswa.test');
    expect(link).toMatch(
      new RegExp(`^${app.url.replace('127.0.0.1', 'localhost')}/konfirmasi-email\\?token=`),
    );
    const confirmed = await client.confirmEmail('rina.putri@mahasiswa.test');
    expect(confirmed.status).toBe(200);
    const cookie = confirmed.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http here
    const me = await client.me();
    expect(me.user?.email).toBe('rina.putri@mahasiswa.test');
    expect(me.voter).toMatchObject({ nim: input.nim, status: 'pending' });
    expect(me.abilities).toMatchObject({ isVoter: true, isAdmin: false });

    // The link works once: opened again elsewhere it signs nobody in.
    const again = app.client();
    const token = new URL(link).searchParams.get('token')!;
    await again.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect((await again.me()).user).toBeNull();
    // A forged or altered token is refused.
    const forged = await app.client().get(`/api/auth/verify-email?token=${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(401);
    // Now the password signs in.
    expect((await app.client().signIn(input.email, input.password)).status).toBe(200);
  });

  it('hardening 4: a known email or NIM gets the same answer, changes nothing, and its owner is told by mail', async () => {
    const owner = await app.client().registerVoter({ email: 'dobel@mahasiswa.test' });
    await settled();
    const before = await counts();
    const answers = [];
    for (const input of [
      voterInput({ email: 'DOBEL@Mahasiswa.TEST' }),
      voterInput({ nim: owner.nim, email: 'penyerobot@mahasiswa.test' }),
      voterInput({ email: 'baru.sekali@mahasiswa.test' }),
    ]) {
      const res = await app.client().post('/api/voters/register', input);
      answers.push({
        status: res.status,
        body: await res.text(),
        cookies: res.headers.getSetCookie(),
        cache: res.headers.get('cache-control'),
      });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    await settled();
    // Only the new address made an account.
    const after = await counts();
    expect(after.users - before.users).toBe(1);
    expect(after.voters - before.voters).toBe(1);
    const toOwner = mailsTo('dobel@mahasiswa.test').map((m) => m.subject);
    expect(toOwner).toContain('Pendaftaran dengan email Anda di BEM Poltek Nuklir');
    expect(toOwner).toContain('Percobaan pendaftaran dengan NIM Anda di BEM Poltek Nuklir');
    const toRegistrant = mailsTo('penyerobot@mahasiswa.test');
    expect(toRegistrant.map((m) => m.subject)).toEqual([
      'Pendaftaran pemilih BEM Poltek Nuklir belum dapat dibuat',
    ]);
    expect(toRegistrant[0]!.text).not.toMatch(/konfirmasi-email/);
    expect(mailsTo('baru.sekali@mahasiswa.test')[0]!.subject).toBe(
      'Konfirmasi email pendaftaran pemilih BEM Poltek Nuklir',
    );
  });

  it('hardening 4: the answer is given before anything is looked up, so its timing cannot tell', async () => {
    const known = await app.client().registerVoter();
    await settled();
    // Hold the registration work back: the answers must come all the same.
    const background = app.services.background;
    const run = background.run.bind(background);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    background.run = (what, task) =>
      run(what, async () => {
        await gate;
        await task();
      });
    try {
      const before = await counts();
      const sentBefore = app.sentMail.length;
      const fresh = voterInput();
      // Plain requests: the test client would wait for the held-back work.
      const post = (body: unknown) =>
        fetch(`${app.url}/api/voters/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.services.env.publicUrl },
          body: JSON.stringify(body),
        });
      const [a, b] = await Promise.all([post(voterInput({ email: known.email })), post(fresh)]);
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(await a.text()).toBe(await b.text());
      // Answered with nothing looked up, written or sent yet.
      expect(await counts()).toEqual(before);
      expect(app.sentMail.length).toBe(sentBefore);
      open();
      await settled();
      expect((await counts()).users).toBe(before.users + 1);
      expect(mailsTo(known.email).at(-1)!.subject).toBe(
        'Pendaftaran dengan email Anda di BEM Poltek Nuklir',
      );
    } finally {
      background.run = run;
      open();
    }
  });

  it('an unconfirmed registration frees its email and NIM once its link has expired', async () => {
    const input = voterInput();
    await app.client().post('/api/voters/register', input);
    await settled();
    const db = app.services.database.db;
    await db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(sql`${user.email} = ${input.email}`);
    const other = voterInput({ nim: input.nim });
    await app.client().registerVoter(other);
    const me = await (async () => {
      const c = app.client();
      expect((await c.signIn(other.email, other.password)).status).toBe(200);
      return c.me();
    })();
    expect(me.voter?.nim).toBe(input.nim);
    const [gone] = await db
      .select({ n: count() })
      .from(user)
      .where(sql`${user.email} = ${input.email}`);
    expect(gone!.n).toBe(0);
  });

  it('hardening 5: a record stored before the rule, with its leading zero, is still the same student', async () => {
    const db = app.services.database.db;
    const [legacy] = await insertVoters(db, 1);
    const nim = (await db.select().from(voters).where(eq(voters.userId, legacy!.id)))[0]!.nim;
    await db
      .update(voters)
      .set({ nim: `0${nim}` })
      .where(eq(voters.userId, legacy!.id));
    const before = await counts();
    await app.client().post('/api/voters/register', voterInput({ nim }));
    expect(await counts()).toEqual(before);
    expect(mailsTo(`${legacy!.id}@uji.test`).map((m) => m.subject)).toEqual([
      'Percobaan pendaftaran dengan NIM Anda di BEM Poltek Nuklir',
    ]);
    // A roll written either way finds the record.
    const preview = await previewRoll(db, `NIM\n${nim}`);
    expect(preview).toMatchObject({ verified: 1, unregistered: [] });
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
    expect(results.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    await settled();
    const after = await counts();
    expect(after.users - before.users).toBe(1);
    expect(after.voters - before.voters).toBe(1);
  });

  it('hardening 5: one NIM however it is written; ambiguous ones are refused with the reason', async () => {
    const first = await app.client().registerVoter({ nim: '0 2190 0123' });
    const client = app.client();
    expect((await client.signIn(first.email, first.password)).status).toBe(200);
    expect((await client.me()).voter?.nim).toBe('21900123');
    const before = await counts();
    // The same student written with its leading zero kept: no second voter.
    await app.client().post('/api/voters/register', voterInput({ nim: '021900123' }));
    await settled();
    expect(await counts()).toEqual(before);
    for (const [nim, reason] of [
      ['2,19001E+11', /notasi ilmiah/],
      ['21900123.0', /Titik atau koma/],
      ['O21900123', /Huruf/],
      ['0000000000', /8 sampai 12 digit/],
    ] as const) {
      const res = await app.client().post('/api/voters/register', voterInput({ nim }));
      expect(res.status, nim).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.nim, nim).toMatch(reason);
    }
    await settled();
    expect(await counts()).toEqual(before);
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
    ['an empty name', { namaLengkap: '  ' }, 'namaLengkap', /^Nama lengkap wajib diisi\.$/],
    ['a one-letter name', { namaLengkap: 'A' }, 'namaLengkap', /minimal 2 karakter/],
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
      expect(statuses).toEqual([202, 202, 202]);
      await limited.services.background.settled();
      const db = limited.services.database.db;
      const [before] = await db.select({ n: count() }).from(user);
      const res = await limited.client().post('/api/voters/register', voterInput());
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/Terlalu banyak percobaan/);
      await limited.services.background.settled();
      const [after] = await db.select({ n: count() }).from(user);
      expect(after!.n).toBe(before!.n);
    } finally {
      await limited.stop();
    }
  });
});
