import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './create-admin.ts';
import { admins, auditLog, session, user, verification, voters } from '../../db/schema/index.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { startSmtpCatcher } from '../../test/smtp.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Managed = {
  userId: string;
  email: string;
  namaLengkap: string;
  role: 'master' | 'admin';
  active: boolean;
  deactivatedAt: string | null;
};

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let db: TestApp['services']['database']['db'];
let master: TestClient;
let masterId: string;

let n = 0;
/** A new admin account (or master) with a signed-in client. */
async function signedIn(role: 'admin' | 'master', name = 'Rudi Hartono') {
  n++;
  const email = `kelola${n}@bem.test`;
  const { account } = await createAdmin(db, { email, password: 'sandi-admin-1', name, role });
  const client = app.client();
  expect((await client.signIn(email, 'sandi-admin-1')).status).toBe(200);
  return { client, id: account.id, email };
}

const adminRow = async (id: string) =>
  (await db.select().from(admins).where(eq(admins.userId, id)))[0];
const activeMasters = async () =>
  (
    await db
      .select({ id: admins.userId })
      .from(admins)
      .where(and(eq(admins.role, 'master'), isNull(admins.deactivatedAt)))
  ).map((r) => r.id);
const sessionsOf = async (id: string) =>
  Number((await db.select({ n: count() }).from(session).where(eq(session.userId, id)))[0]!.n);
/** Everything a refused request must leave untouched. */
const snapshot = async () => ({
  admins: await db.select().from(admins).orderBy(admins.userId),
  users: await db.select({ n: count() }).from(user),
  sessions: await db.select({ n: count() }).from(session),
  verification: await db.select({ n: count() }).from(verification),
  audit: await db.select({ n: count() }).from(auditLog),
});
const adminAudit = (id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'admin'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.seq);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url });
  db = app.services.database.db;
  const m = await signedIn('master', 'Sari Master');
  master = m.client;
  masterId = m.id;
});
afterAll(async () => {
  await app.stop();
  await smtp.close();
});

describe('Kelola Admin: who may', () => {
  it('refuses every operation to the anonymous (401), a voter and a plain admin (403), changing nothing', async () => {
    const target = await signedIn('admin', 'Target Admin');
    const plain = await signedIn('admin');
    const voter = app.client();
    await voter.registerVoter();
    const before = await snapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/admins'],
      [
        'POST',
        '/api/admins',
        { email: 'baru.ditolak@bem.test', namaLengkap: 'Orang Baru', role: 'admin' },
      ],
      [
        'POST',
        '/api/admins',
        { email: 'kelola-voter@bem.test', namaLengkap: 'Orang Baru', role: 'master' },
      ],
      ['PUT', `/api/admins/${target.id}/role`, { role: 'master' }],
      ['PUT', `/api/admins/${masterId}/role`, { role: 'admin' }],
      ['POST', `/api/admins/${target.id}/deactivate`],
      ['POST', `/api/admins/${masterId}/deactivate`],
      ['POST', `/api/admins/${target.id}/reactivate`],
    ];
    for (const [who, client, expected] of [
      ['anonymous', app.client(), 401],
      ['voter', voter, 403],
      ['admin', plain.client, 403],
      // A plain admin acting on themselves gains nothing either.
      ['target', target.client, 403],
    ] as const) {
      for (const [method, url, json] of attempts) {
        const res = await client.request(method, url, { json });
        expect(res.status, `${who} ${method} ${url}`).toBe(expected);
        expect(((await res.json()) as ErrorBody).error.message).toMatch(/masuk|akses/i);
      }
      const self = await client.request('PUT', `/api/admins/${plain.id}/role`, {
        json: { role: 'master' },
      });
      expect(self.status, `${who} promoting`).toBe(expected);
    }
    expect(await snapshot()).toEqual(before);
    expect(smtp.to('baru.ditolak@bem.test')).toHaveLength(0);
  });

  it('lets the master list every admin with email, role and state', async () => {
    const other = await signedIn('admin', 'Budi Daftar');
    const res = await master.get('/api/admins');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { items } = (await res.json()) as { items: Managed[] };
    expect(items.find((a) => a.userId === masterId)).toMatchObject({
      role: 'master',
      active: true,
      namaLengkap: 'Sari Master',
    });
    expect(items.find((a) => a.userId === other.id)).toMatchObject({
      email: other.email,
      role: 'admin',
      active: true,
      deactivatedAt: null,
    });
    // Masters come first.
    expect(items[0]!.role).toBe('master');
  });
});

describe('adding an admin by email', () => {
  it('invites a new person: an unusable password, a mailed link that sets one, and admin rights', async () => {
    const email = 'rina.baru@bem.test';
    const res = await master.post('/api/admins', {
      email: '  Rina.Baru@BEM.test ',
      namaLengkap: 'Rina Wulandari',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { admin: Managed; newAccount: boolean };
    expect(body.newAccount).toBe(true);
    expect(body.admin).toMatchObject({ email, role: 'admin', active: true });

    // Nobody knows the random password: signing in without the link fails.
    const outsider = app.client();
    expect((await outsider.signIn(email, '')).status).not.toBe(200);

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toMatch(/Undangan menjadi admin/);
    expect(mail.text).toContain('Rina Wulandari');
    const link = /(http:\/\/localhost:\d+\/lupa-sandi\?token=[A-Za-z0-9]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = new URL(link![1]!).searchParams.get('token')!;

    // The link's token works with the app's own reset endpoint, exactly as /lupa-sandi sends it.
    const newcomer = app.client();
    const reset = await newcomer.post('/api/auth/reset-password', {
      token,
      newPassword: 'sandi-rina-baru',
    });
    expect(reset.status).toBe(200);
    expect((await newcomer.signIn(email, 'sandi-rina-baru')).status).toBe(200);
    const me = await newcomer.me();
    expect(me.abilities).toMatchObject({ isAdmin: true, isMaster: false, manageAdmins: false });
    expect((await newcomer.get('/api/admins')).status).toBe(403);
    // The token is single-use.
    expect(
      (await app.client().post('/api/auth/reset-password', { token, newPassword: 'lain-lagi-1' }))
        .status,
    ).toBe(400);

    const [entry] = await adminAudit(body.admin.userId);
    expect(entry).toMatchObject({
      action: 'admin.added',
      entityType: 'admin',
      actorRole: 'master',
      actorName: 'Sari Master',
    });
    expect(entry!.summary).toContain('Rina Wulandari');
    expect(entry!.summary).not.toContain(email);
  });

  it('gives the role to an existing account only through its mailbox: old password and sessions end', async () => {
    // Someone registered as a voter under the future admin's address, with a password they chose.
    const squatter = app.client();
    const input = await squatter.registerVoter({ namaLengkap: 'Dimas Pemilih' });
    const res = await master.post('/api/admins', {
      email: input.email,
      namaLengkap: 'Dimas Pratama',
      role: 'master',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { admin: Managed; newAccount: boolean };
    expect(body.newAccount).toBe(false);
    // The session opened before, and the password chosen before, give nothing now.
    expect((await squatter.me()).user).toBeNull();
    expect((await squatter.get('/api/admins')).status).toBe(401);
    expect((await app.client().signIn(input.email, input.password)).status).not.toBe(200);
    // Whoever reads the mailbox sets a password through the mailed link, and is the master.
    const mail = await smtp.waitFor(input.email, /lupa-sandi/);
    expect(mail.text).toMatch(/kata sandi lamanya tidak berlaku lagi/);
    const token = /lupa-sandi\?token=([A-Za-z0-9]+)/.exec(mail.text ?? '')![1]!;
    const owner = app.client();
    expect(
      (await owner.post('/api/auth/reset-password', { token, newPassword: 'sandi-pemilik-1' }))
        .status,
    ).toBe(200);
    expect((await owner.signIn(input.email, 'sandi-pemilik-1')).status).toBe(200);
    expect((await owner.me()).abilities).toMatchObject({
      isAdmin: true,
      isMaster: true,
      isVoter: true,
    });
    expect(
      (await db.select().from(voters).where(eq(voters.userId, body.admin.userId)))[0],
    ).toMatchObject({ namaLengkap: 'Dimas Pemilih' });
    expect((await adminAudit(body.admin.userId))[0]!.summary).toMatch(/akun yang sudah ada/);
  });

  it('refuses invalid input and an existing admin with Indonesian field messages, changing nothing', async () => {
    const existing = await signedIn('admin', 'Sudah Admin');
    const before = await snapshot();
    const cases: [unknown, string, RegExp][] = [
      [{ email: 'bukan email', namaLengkap: 'Orang Baru', role: 'admin' }, 'email', /email/i],
      [{ email: '', namaLengkap: 'Orang Baru', role: 'admin' }, 'email', /wajib/],
      [{ email: 'x@bem.test', namaLengkap: '', role: 'admin' }, 'namaLengkap', /Nama lengkap/],
      [{ email: 'x@bem.test', namaLengkap: '<script>', role: 'admin' }, 'namaLengkap', /huruf/],
      [
        { email: 'x@bem.test', namaLengkap: 'Orang Baru', role: 'raja' },
        'role',
        /Master atau Admin/,
      ],
      [{ email: 'x@bem.test', namaLengkap: 'Orang Baru' }, 'role', /Master atau Admin/],
    ];
    for (const [json, field, message] of cases) {
      const res = await master.post('/api/admins', json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field]).toMatch(message);
    }
    const twice = await master.post('/api/admins', {
      email: existing.email.toUpperCase(),
      namaLengkap: 'Sudah Admin',
      role: 'master',
    });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.fields?.email).toMatch(/Sudah menjadi admin/);
    expect(await snapshot()).toEqual(before);
    expect(smtp.to('x@bem.test')).toHaveLength(0);
  });
});

describe('roles, deactivation and the last master', () => {
  it('changes a role both ways, with an audit entry each, and refuses unknown ids and roles', async () => {
    const a = await signedIn('admin', 'Naik Peran');
    const url = `/api/admins/${a.id}/role`;
    const up = await master.request('PUT', url, { json: { role: 'master' } });
    expect(up.status).toBe(200);
    expect(((await up.json()) as Managed).role).toBe('master');
    expect((await a.client.me()).abilities.manageAdmins).toBe(true);
    expect((await a.client.get('/api/admins')).status).toBe(200);
    const down = await master.request('PUT', url, { json: { role: 'admin' } });
    expect(down.status).toBe(200);
    expect((await a.client.get('/api/admins')).status).toBe(403);

    const bad = await master.request('PUT', url, { json: { role: 'superadmin' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields?.role).toMatch(/Master atau Admin/);
    const missing = await master.request('PUT', '/api/admins/tidak-ada/role', {
      json: { role: 'master' },
    });
    expect(missing.status).toBe(404);
    expect((await adminAudit(a.id)).map((e) => [e.action, e.details])).toEqual([
      ['admin.role-changed', { from: 'admin', to: 'master' }],
      ['admin.role-changed', { from: 'master', to: 'admin' }],
    ]);
  });

  it('deactivation takes the admin role at once and ends every session; reactivation gives it back', async () => {
    const a = await signedIn('admin', 'Nonaktif Segera');
    const second = app.client();
    expect((await second.signIn(a.email, 'sandi-admin-1')).status).toBe(200);
    expect(await sessionsOf(a.id)).toBe(2);
    expect((await a.client.get('/api/admins/me')).status).toBe(200);

    const res = await master.post(`/api/admins/${a.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ active: false });
    expect((await adminRow(a.id))!.deactivatedAt).not.toBeNull();
    expect(await sessionsOf(a.id)).toBe(0);
    for (const client of [a.client, second]) {
      expect((await client.me()).user).toBeNull();
      expect((await client.get('/api/admins/me')).status).toBe(401);
      expect((await client.get('/api/activity')).status).toBe(401);
    }
    // Signing in again works (the account stays) but brings no admin rights.
    const back = app.client();
    expect((await back.signIn(a.email, 'sandi-admin-1')).status).toBe(200);
    expect((await back.me()).abilities.isAdmin).toBe(false);
    expect((await back.get('/api/metrics/counts')).status).toBe(403);
    expect((await master.post(`/api/admins/${a.id}/deactivate`)).status).toBe(409);

    const again = await master.post(`/api/admins/${a.id}/reactivate`);
    expect(again.status).toBe(200);
    expect((await back.me()).abilities.isAdmin).toBe(true);
    expect((await master.post(`/api/admins/${a.id}/reactivate`)).status).toBe(409);
    expect((await adminAudit(a.id)).map((e) => e.action)).toEqual([
      'admin.deactivated',
      'admin.reactivated',
    ]);
    // A deactivated admin cannot be added again by email: the master reactivates instead.
    await master.post(`/api/admins/${a.id}/deactivate`);
    const readd = await master.post('/api/admins', {
      email: a.email,
      namaLengkap: 'Nonaktif Segera',
      role: 'admin',
    });
    expect(readd.status).toBe(409);
    expect(((await readd.json()) as ErrorBody).error.fields?.email).toMatch(/dinonaktifkan/);
  });

  it('never demotes or deactivates the last active master, and a deactivated master does not count', async () => {
    const fresh = await startTestApp();
    try {
      const fdb = fresh.services.database.db;
      await createAdmin(fdb, {
        email: 'tunggal@bem.test',
        password: 'sandi-master-1',
        name: 'Master Tunggal',
        role: 'master',
      });
      const { account: gone } = await createAdmin(fdb, {
        email: 'mantan@bem.test',
        password: 'sandi-master-1',
        name: 'Mantan Master',
        role: 'master',
      });
      await fdb.update(admins).set({ deactivatedAt: new Date() }).where(eq(admins.userId, gone.id));
      const only = fresh.client();
      expect((await only.signIn('tunggal@bem.test', 'sandi-master-1')).status).toBe(200);
      const [{ id }] = (await fdb
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, 'tunggal@bem.test'))) as [{ id: string }];
      const before = await fdb.select().from(admins).orderBy(admins.userId);
      const auditBefore = await fdb.select({ n: count() }).from(auditLog);

      const demote = await only.request('PUT', `/api/admins/${id}/role`, {
        json: { role: 'admin' },
      });
      expect(demote.status).toBe(409);
      const body = (await demote.json()) as ErrorBody;
      expect(body.error.code).toBe('LAST_MASTER');
      expect(body.error.message).toMatch(/minimal satu admin master aktif/);
      const deactivate = await only.post(`/api/admins/${id}/deactivate`);
      expect(deactivate.status).toBe(409);
      expect(((await deactivate.json()) as ErrorBody).error.code).toBe('LAST_MASTER');

      expect(await fdb.select().from(admins).orderBy(admins.userId)).toEqual(before);
      expect(await fdb.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
      expect((await only.me()).abilities.isMaster).toBe(true);

      // With a second active master, stepping down is allowed.
      const { account: successor } = await createAdmin(fdb, {
        email: 'penerus@bem.test',
        password: 'sandi-master-1',
        name: 'Master Penerus',
        role: 'master',
      });
      expect(
        (await only.request('PUT', `/api/admins/${id}/role`, { json: { role: 'admin' } })).status,
      ).toBe(200);
      expect(
        (
          await fdb
            .select({ id: admins.userId })
            .from(admins)
            .where(and(eq(admins.role, 'master'), isNull(admins.deactivatedAt)))
        ).map((r) => r.id),
      ).toEqual([successor.id]);
    } finally {
      await fresh.stop();
    }
  });

  it('two masters demoting or deactivating each other at the same moment leave one master', async () => {
    for (const op of ['demote', 'deactivate', 'self-demote'] as const) {
      for (let round = 0; round < 3; round++) {
        // Only these two masters are active: the others step aside for the race.
        const a = await signedIn('master', 'Master A');
        const b = await signedIn('master', 'Master B');
        const others = (await activeMasters()).filter((id) => id !== a.id && id !== b.id);
        await db
          .update(admins)
          .set({ deactivatedAt: new Date() })
          .where(and(eq(admins.role, 'master'), isNull(admins.deactivatedAt)));
        for (const id of [a.id, b.id])
          await db.update(admins).set({ deactivatedAt: null }).where(eq(admins.userId, id));
        expect((await activeMasters()).sort()).toEqual([a.id, b.id].sort());

        const act = (client: TestClient, target: string) =>
          op === 'deactivate'
            ? client.post(`/api/admins/${target}/deactivate`)
            : client.request('PUT', `/api/admins/${target}/role`, { json: { role: 'admin' } });
        const results = await Promise.all(
          op === 'self-demote'
            ? [act(a.client, a.id), act(b.client, b.id)]
            : [act(a.client, b.id), act(b.client, a.id)],
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses[0], `${op} round ${round}`).toBe(200);
        // The loser was demoted first (403: no longer a master), was deactivated first (401: its
        // session ended with it), or would have removed the last master (409).
        expect([401, 403, 409], `${op} round ${round}`).toContain(statuses[1]);
        expect(await activeMasters(), `${op} round ${round}`).toHaveLength(1);

        // Restore the other masters (the suite's own master among them).
        for (const id of [...others, masterId])
          await db.update(admins).set({ deactivatedAt: null }).where(eq(admins.userId, id));
        for (const id of [a.id, b.id])
          await db
            .update(admins)
            .set({ role: 'admin', deactivatedAt: null })
            .where(eq(admins.userId, id));
      }
    }
    expect((await master.get('/api/admins')).status).toBe(200);
  });
});
