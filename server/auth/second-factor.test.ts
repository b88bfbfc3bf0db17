import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkey, session, twoFactor, user } from '../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { nextTotpCode, secretOf } from '../test/totp.ts';
import { TOTP_ISSUER } from './auth.ts';

type ErrorBody = { error: { code: string; message: string } };
type Me = {
  user: { email: string } | null;
  admin: { role: string } | null;
  secondFactor: { hold: string[]; totpAllowed: boolean; totpEnabled: boolean; passkeys: number };
};

let app: TestApp;
let db: TestApp['services']['database']['db'];
let master: TestClient;
let seq = 0;

beforeAll(async () => {
  app = await startTestApp({}, { minuteJobs: false });
  db = app.services.database.db;
  master = await signedInStaff(app, {
    email: 'master.2fa@bem.test',
    password: 'sandi-master-2fa',
    name: 'Sari Master',
    role: 'master',
  });
});
afterAll(async () => {
  await app.stop();
});

const meOf = async (c: TestClient) => (await (await c.get('/api/me')).json()) as Me;
/** Signs in with the password; true when the answer asks for the second factor. */
const pendingCode = async (c: TestClient, a: { email: string; password: string }) =>
  ((await (await c.signIn(a.email, a.password)).json()) as { twoFactorRedirect?: boolean })
    .twoFactorRedirect === true;
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const userIdOf = async (email: string) =>
  (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

/** The next code an authenticator app shows for the secret in an otpauth:// URI (never a used one). */
const codeFor = (totpURI: string) => nextTotpCode(secretOf(totpURI));

async function newAdmin(role: 'admin' | 'master' = 'admin') {
  const n = ++seq;
  const account = {
    email: `admin${n}.2fa@bem.test`,
    password: `sandi-admin-${n}-2fa`,
    name: `Admin ${n}`,
    role,
  };
  return { ...account, client: await signedInStaff(app, account) };
}

/**
 * Turns the authenticator on for a signed-in account; answers its URI, recovery codes and the code
 * that turned it on.
 */
async function enrol(client: TestClient, password: string) {
  const enabled = await client.post('/api/auth/two-factor/enable', { password });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const code = await codeFor(totpURI);
  const verified = await client.post('/api/auth/two-factor/verify-totp', { code });
  expect(verified.status).toBe(200);
  return { totpURI, backupCodes, code };
}

async function lastAudit(action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return row;
}

/** A stored passkey row (its key is never checked here: no test below signs in with it). */
const fakePasskey = (userId: string, n: number) => ({
  id: `pk-${userId}-${n}`,
  name: `Kunci ${n}`,
  publicKey: 'cHVibGlj',
  userId,
  credentialID: `cred-${userId}-${n}`,
  counter: 0,
  deviceType: 'singleDevice',
  backedUp: false,
  transports: 'internal',
});

/**
 * Sets the master's requirement for the length of `run`, then turns it off again (the master has
 * a passkey first: nobody may require what they lack themselves).
 */
async function whileRequired(
  policy: { requireTotpForAdmins: boolean; requirePasskeyForAdmins: boolean },
  run: () => Promise<void>,
) {
  await db
    .insert(passkey)
    .values(fakePasskey(await userIdOf('master.2fa@bem.test'), 1))
    .onConflictDoNothing();
  expect((await master.request('PUT', '/api/site/security', { json: policy })).status).toBe(200);
  try {
    await run();
  } finally {
    await master.request('PUT', '/api/site/security', {
      json: { requireTotpForAdmins: false, requirePasskeyForAdmins: false },
    });
  }
}

describe('authenticator app (TOTP)', () => {
  it('is turned on by a first code from the shared secret, with ten recovery codes and an audit entry', async () => {
    const a = await newAdmin();
    const enabled = await a.client.post('/api/auth/two-factor/enable', { password: a.password });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as {
      totpURI: string;
      backupCodes: string[];
    };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe(TOTP_ISSUER);
    expect(decodeURIComponent(uri.pathname)).toContain(a.email);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const c of backupCodes) expect(c).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on until a code proves the app has the secret.
    expect((await meOf(a.client)).secondFactor.totpEnabled).toBe(false);

    const wrong = await a.client.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    // (A chance of one in a few hundred thousand that 000000 is the right code.)
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).message).toBe('Kode autentikator salah atau sudah kedaluwarsa.');

    const ok = await a.client.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(ok.status).toBe(200);
    expect((await meOf(a.client)).secondFactor).toMatchObject({
      totpEnabled: true,
      totpAllowed: true,
    });
    const entry = await lastAudit('second-factor.totp-enabled');
    expect(entry?.entityId).toBe(await userIdOf(a.email));
    expect(entry?.actorRole).toBe('admin');
  });

  it('makes the password step answer twoFactorRedirect with no session anywhere, and the code sign in', async () => {
    const a = await newAdmin();
    const { totpURI } = await enrol(a.client, a.password);
    const userId = await userIdOf(a.email);
    await db.delete(session).where(eq(session.userId, userId));

    const c = app.client();
    const step = await c.signIn(a.email, a.password);
    expect(step.status).toBe(200);
    expect(await step.json()).toMatchObject({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp'],
    });
    // Half signed in: a pending-code cookie only, never a session.
    expect([...c.cookies.keys()].some((k) => k.includes('session_token'))).toBe(false);
    expect([...c.cookies.keys()].some((k) => k.includes('two_factor'))).toBe(true);
    expect((await meOf(c)).user).toBeNull();
    expect(await (await c.get('/api/auth/get-session')).json()).toBeNull();
    expect((await c.get('/api/admins/me')).status).toBe(401);
    expect(await db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    // The pending cookie is no session for the casting route either.
    const cast = await c.post('/api/voting/00000000-0000-0000-0000-000000000000/cast', {
      choice: '00000000-0000-0000-0000-000000000000',
    });
    expect(cast.status).toBe(401);

    const bad = await c.post('/api/auth/two-factor/verify-totp', { code: '12345' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Kode autentikator terdiri dari 6 angka.');
    // Refused for what it asks (remembering the device), before the code is looked at: the same
    // code then signs in.
    const code = await codeFor(totpURI);
    const trust = await c.post('/api/auth/two-factor/verify-totp', { code, trustDevice: true });
    expect(trust.status).toBe(400);
    expect((await errorOf(trust)).message).toMatch(/Mengingat perangkat tidak tersedia/);

    const ok = await c.post('/api/auth/two-factor/verify-totp', { code });
    expect(ok.status).toBe(200);
    expect((await meOf(c)).admin?.role).toBe('admin');
    expect(await db.select().from(session).where(eq(session.userId, userId))).toHaveLength(1);
  });

  it('accepts each code once: the same code again, even within its 90 seconds, is refused', async () => {
    const a = await newAdmin();
    // The code that turned it on, tried at once by someone who saw it typed (over a shoulder,
    // through a copied page): refused, and nobody signed in.
    const { totpURI, code } = await enrol(a.client, a.password);
    const replay = app.client();
    expect(await pendingCode(replay, a)).toBe(true);
    const again = await replay.post('/api/auth/two-factor/verify-totp', { code });
    expect(again.status).toBe(401);
    expect(await errorOf(again)).toEqual({
      code: 'TOTP_CODE_USED',
      message:
        'Kode ini sudah dipakai. Tunggu kode berikutnya di aplikasi autentikator, lalu masukkan kode itu.',
    });
    expect((await meOf(replay)).user).toBeNull();

    // The next code from the app, sent twice at the same moment: it lets one request in.
    const next = await codeFor(totpURI);
    const second = app.client();
    expect(await pendingCode(second, a)).toBe(true);
    const answers = await Promise.all(
      [replay, second].map((c) => c.post('/api/auth/two-factor/verify-totp', { code: next })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const signedIn = await Promise.all([replay, second].map(async (c) => (await meOf(c)).user));
    expect(signedIn.filter(Boolean)).toHaveLength(1);
  });

  it('takes each recovery code once: a second use is refused', async () => {
    const a = await newAdmin();
    const { backupCodes } = await enrol(a.client, a.password);
    const [first, second] = backupCodes;

    const c = app.client();
    expect(await pendingCode(c, a)).toBe(true);
    const used = await c.post('/api/auth/two-factor/verify-backup-code', { code: first });
    expect(used.status).toBe(200);
    expect((await meOf(c)).admin?.role).toBe('admin');
    expect((await lastAudit('second-factor.recovery-code-used'))?.entityId).toBe(
      await userIdOf(a.email),
    );

    const again = app.client();
    expect(await pendingCode(again, a)).toBe(true);
    const reused = await again.post('/api/auth/two-factor/verify-backup-code', { code: first });
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).message).toBe('Kode pemulihan salah atau sudah pernah dipakai.');
    expect((await meOf(again)).user).toBeNull();
    // Another, unused code still works on the same pending sign-in.
    const next = await again.post('/api/auth/two-factor/verify-backup-code', { code: second });
    expect(next.status).toBe(200);
    expect((await meOf(again)).admin?.role).toBe('admin');
  });

  it('gives new recovery codes for the password, and the old ones stop working', async () => {
    const a = await newAdmin();
    const { backupCodes: old } = await enrol(a.client, a.password);
    const wrong = await a.client.post('/api/auth/two-factor/generate-backup-codes', {
      password: 'bukan-sandinya-1',
    });
    expect(wrong.status).toBe(400);
    const fresh = await a.client.post('/api/auth/two-factor/generate-backup-codes', {
      password: a.password,
    });
    expect(fresh.status).toBe(200);
    const { backupCodes } = (await fresh.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(await lastAudit('second-factor.recovery-codes-regenerated')).toBeDefined();

    const c = app.client();
    await c.signIn(a.email, a.password);
    expect((await c.post('/api/auth/two-factor/verify-backup-code', { code: old[0] })).status).toBe(
      401,
    );
    expect(
      (await c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(200);
  });

  it('is refused to a voter, in Indonesian, without reading the body', async () => {
    const voter = app.client();
    const input = await voter.registerVoter();
    const res = await voter.post('/api/auth/two-factor/enable', { password: input.password });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: 'TOTP_NOT_ALLOWED',
      message: expect.stringMatching(/hanya untuk admin dan panitia/),
    });
    const malformed = await voter.request('POST', '/api/auth/two-factor/enable', {
      body: '{"password": <',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(403);
    expect(
      await db
        .select()
        .from(twoFactor)
        .where(eq(twoFactor.userId, await userIdOf(input.email))),
    ).toEqual([]);
    expect((await meOf(voter)).secondFactor.totpAllowed).toBe(false);
  });

  it('is turned off with the password, with an audit entry, and sign-in needs no code again', async () => {
    const a = await newAdmin();
    await enrol(a.client, a.password);
    const off = await a.client.post('/api/auth/two-factor/disable', { password: a.password });
    expect(off.status).toBe(200);
    expect(await lastAudit('second-factor.totp-disabled')).toBeDefined();
    const c = app.client();
    const res = await c.signIn(a.email, a.password);
    expect(await res.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await meOf(c)).admin?.role).toBe('admin');
  });
});

describe('what the master requires of admins', () => {
  it('holds an admin without an authenticator out of every admin request until they enrol', async () => {
    // The master cannot require what they have not got themselves.
    const refused = await master.request('PUT', '/api/site/security', {
      json: { requireTotpForAdmins: true, requirePasskeyForAdmins: false },
    });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/untuk akun Anda sendiri/);
    await enrol(master, 'sandi-master-2fa');
    const saved = await master.request('PUT', '/api/site/security', {
      json: { requireTotpForAdmins: true, requirePasskeyForAdmins: false },
    });
    expect(saved.status).toBe(200);
    try {
      const a = await newAdmin();
      const me = await meOf(a.client);
      expect(me.admin).toBeNull();
      expect(me.secondFactor.hold).toEqual(['totp']);
      // Trying to get around the hold: every admin route refuses.
      for (const [method, path, json] of [
        ['GET', '/api/admins/me'],
        ['PUT', '/api/admins/me', { namaLengkap: 'Admin Nakal', namaTampilan: '', foto: '' }],
        ['GET', '/api/activity'],
        ['GET', '/api/metrics/counts'],
        ['GET', '/api/admins'],
        ['POST', '/api/structure/periods', { label: '2040/2041', cabinetName: 'Kabinet Nakal' }],
        [
          'PUT',
          '/api/site/security',
          { requireTotpForAdmins: false, requirePasskeyForAdmins: false },
        ],
      ] as const) {
        const res = await a.client.request(method, path, json ? { json } : {});
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      // The way out is open: enrol, and the admin area opens.
      await enrol(a.client, a.password);
      expect((await meOf(a.client)).secondFactor.hold).toEqual([]);
      expect((await a.client.get('/api/admins/me')).status).toBe(200);
      // Required: it cannot be turned off again.
      const off = await a.client.post('/api/auth/two-factor/disable', { password: a.password });
      expect(off.status).toBe(403);
      expect((await errorOf(off)).code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await meOf(a.client)).secondFactor.totpEnabled).toBe(true);
    } finally {
      const back = await master.request('PUT', '/api/site/security', {
        json: { requireTotpForAdmins: false, requirePasskeyForAdmins: false },
      });
      expect(back.status).toBe(200);
    }
  });

  it('holds an admin without a passkey when passkeys are required, and keeps their last one', async () => {
    const masterId = await userIdOf('master.2fa@bem.test');
    await db.insert(passkey).values(fakePasskey(masterId, 1));
    const saved = await master.request('PUT', '/api/site/security', {
      json: { requireTotpForAdmins: false, requirePasskeyForAdmins: true },
    });
    expect(saved.status).toBe(200);
    try {
      const a = await newAdmin();
      expect((await meOf(a.client)).secondFactor.hold).toEqual(['passkey']);
      expect((await a.client.get('/api/activity')).status).toBe(403);
      const adminId = await userIdOf(a.email);
      await db.insert(passkey).values(fakePasskey(adminId, 1));
      expect((await meOf(a.client)).secondFactor).toMatchObject({ hold: [], passkeys: 1 });
      expect((await a.client.get('/api/activity')).status).toBe(200);

      const last = await a.client.post('/api/auth/passkey/delete-passkey', {
        id: `pk-${adminId}-1`,
      });
      expect(last.status).toBe(403);
      expect((await errorOf(last)).message).toMatch(/passkey lain sebelum menghapus/);
      await db.insert(passkey).values(fakePasskey(adminId, 2));
      const one = await a.client.post('/api/auth/passkey/delete-passkey', {
        id: `pk-${adminId}-1`,
      });
      expect(one.status).toBe(200);
      expect((await lastAudit('passkey.removed'))?.entityId).toBe(adminId);
      // Someone else's passkey is not theirs to remove.
      const other = await a.client.post('/api/auth/passkey/delete-passkey', {
        id: `pk-${masterId}-1`,
      });
      expect(other.status).toBe(404);
      expect((await errorOf(other)).message).toBe('Passkey tidak ditemukan.');
      expect(await db.select().from(passkey).where(eq(passkey.userId, masterId))).toHaveLength(1);
    } finally {
      await master.request('PUT', '/api/site/security', {
        json: { requireTotpForAdmins: false, requirePasskeyForAdmins: false },
      });
    }
  });

  it('lets an admin who has a passkey sign in only with it while passkeys are required', async () => {
    const a = await newAdmin();
    const adminId = await userIdOf(a.email);
    await db.insert(passkey).values(fakePasskey(adminId, 1));
    const sessionsOf = async () =>
      (await db.select().from(session).where(eq(session.userId, adminId))).length;
    const refusedMessage =
      'Master admin mewajibkan passkey untuk setiap admin: masuk dengan tombol "Masuk dengan Passkey", bukan dengan kata sandi.';

    // Without the requirement the password still works.
    expect((await app.client().signIn(a.email, a.password)).status).toBe(200);
    // A code step already begun when the requirement comes (password and code, then refused).
    const { totpURI, backupCodes } = await enrol(a.client, a.password);
    const midCode = app.client();
    const midBackup = app.client();
    expect(await pendingCode(midCode, a)).toBe(true);
    expect(await pendingCode(midBackup, a)).toBe(true);
    const refusedCode = await codeFor(totpURI);

    await whileRequired(
      { requireTotpForAdmins: false, requirePasskeyForAdmins: true },
      async () => {
        const before = await sessionsOf();
        const c = app.client();
        const res = await c.signIn(a.email, a.password);
        expect(res.status).toBe(403);
        expect(await errorOf(res)).toEqual({
          code: 'PASSKEY_SIGN_IN_REQUIRED',
          message: refusedMessage,
        });
        expect((await meOf(c)).user).toBeNull();
        // A wrong password tells nothing of the requirement.
        const wrong = await app.client().signIn(a.email, 'bukan-sandinya');
        expect(wrong.status).toBe(401);
        expect((await errorOf(wrong)).code).not.toBe('PASSKEY_SIGN_IN_REQUIRED');

        const code = await midCode.post('/api/auth/two-factor/verify-totp', { code: refusedCode });
        expect(code.status).toBe(403);
        expect((await errorOf(code)).message).toBe(refusedMessage);
        const backup = await midBackup.post('/api/auth/two-factor/verify-backup-code', {
          code: backupCodes[0],
        });
        expect(backup.status).toBe(403);
        expect((await meOf(midCode)).user).toBeNull();
        expect((await meOf(midBackup)).user).toBeNull();
        expect(await sessionsOf()).toBe(before);

        // The session they already hold stays theirs, and may be renewed (a new password).
        expect((await meOf(a.client)).admin?.role).toBe('admin');
        const changed = await a.client.post('/api/auth/change-password', {
          currentPassword: a.password,
          newPassword: `${a.password}-baru`,
          revokeOtherSessions: true,
        });
        expect(changed.status).toBe(200);
        expect((await meOf(a.client)).admin?.role).toBe('admin');

        // Others are not touched: an admin with no passkey yet signs in (and is held to add one),
        // a voter with a passkey signs in with the password.
        const b = await newAdmin();
        expect((await meOf(b.client)).secondFactor.hold).toEqual(['passkey']);
        const v = await app.client().registerVoter();
        await db.insert(passkey).values(fakePasskey(await userIdOf(v.email), 1));
        expect((await app.client().signIn(v.email, v.password)).status).toBe(200);
      },
    );
    // The requirement lifted, the password (the new one) works again, and the code refused above
    // was given back (it signed nobody in): it is still good for its 90 seconds.
    const after = app.client();
    expect(await pendingCode(after, { email: a.email, password: `${a.password}-baru` })).toBe(true);
    const back = await after.post('/api/auth/two-factor/verify-totp', { code: refusedCode });
    expect(back.status).toBe(200);
  });

  it('lets the master reset the second factors of an admin who lost their device', async () => {
    const a = await newAdmin();
    await enrol(a.client, a.password);
    const adminId = await userIdOf(a.email);
    const res = await master.post(`/api/admins/${adminId}/reset-second-factor`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ totp: true, passkeys: 0 });
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, adminId))).toEqual([]);
    // Their sessions ended; the next sign-in is by password alone.
    expect((await meOf(a.client)).user).toBeNull();
    const c = app.client();
    expect(await (await c.signIn(a.email, a.password)).json()).not.toHaveProperty(
      'twoFactorRedirect',
    );
    const entry = await lastAudit('second-factor.reset');
    expect(entry).toMatchObject({ entityId: adminId, actorRole: 'master' });
    // Only a master may.
    const b = await newAdmin();
    expect((await b.client.post(`/api/admins/${adminId}/reset-second-factor`)).status).toBe(403);
  });
});
