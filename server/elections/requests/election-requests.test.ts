import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../audit/verify-audit.ts';
import { createAdmin } from '../../people/admins/create-admin.ts';
import {
  committeeInvitations,
  committeeMembers,
  electionRequests,
  elections,
} from '../../db/schema/index.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { startSmtpCatcher } from '../../test/smtp.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type RequestOut = {
  id: string;
  status: string;
  kodeUndangan: string | null;
  electionId: string | null;
};

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let master: TestClient;
let plainAdmin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // Many requests come from this one address here; the per-address limit has its own test.
  app = await startTestApp({ SMTP_URL: smtp.url, ELECTION_REQUESTS_PER_HOUR: '100' });
  const db = app.services.database.db;
  await createAdmin(db, {
    email: 'master@bem.test',
    password: 'sandi-master-1',
    name: 'Master BEM',
    role: 'master',
  });
  await createAdmin(db, {
    email: 'staf@bem.test',
    password: 'sandi-staf-01',
    name: 'Staf BEM',
    role: 'admin',
  });
  master = app.client();
  expect((await master.signIn('master@bem.test', 'sandi-master-1')).status).toBe(200);
  plainAdmin = app.client();
  expect((await plainAdmin.signIn('staf@bem.test', 'sandi-staf-01')).status).toBe(200);
});
afterAll(async () => {
  await app.stop();
  await smtp.close();
});

let n = 0;
function requestBody(overrides: Record<string, unknown> = {}) {
  n++;
  const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const end = new Date(start.getTime() + 8 * 3600 * 1000);
  return {
    namaPemilihan: `Pemilihan Ketua HIMA ${n}`,
    penyelenggara: 'HIMA Teknokimia Nuklir',
    deskripsi: 'Pemilihan ketua dan wakil ketua himpunan periode 2027.',
    waktuMulai: start.toISOString().replace('Z', '+00:00'),
    waktuSelesai: end.toISOString().replace('Z', '+00:00'),
    namaPemohon: 'Rina Putri',
    emailPemohon: `pemohon${n}@mahasiswa.test`,
    ...overrides,
  };
}

const tableCounts = async () => {
  const db = app.services.database.db;
  const [r] = await db.select({ n: count() }).from(electionRequests);
  const [e] = await db.select({ n: count() }).from(elections);
  const [m] = await db.select({ n: count() }).from(committeeMembers);
  return { requests: r!.n, elections: e!.n, members: m!.n };
};

describe('election requests', () => {
  it('takes a request from anyone and mails the requester a confirmation', async () => {
    const body = requestBody();
    const res = await app.client().post('/api/election-requests', body);
    expect(res.status).toBe(201);
    expect(((await res.json()) as RequestOut).status).toBe('pending');
    const mail = await smtp.waitFor(body.emailPemohon);
    expect(mail.subject).toBe('Permohonan pemilihan Anda telah diterima');
    expect(mail.text).toContain('WIB');
  });

  it('hardening 6: mails built from visitor input have a fixed subject and quote it escaped, on one line', async () => {
    const body = requestBody({
      namaPemilihan: 'Hadiah & "voucher" — klik situs kami sekarang juga',
      penyelenggara: 'Tim Hadiah Resmi',
      namaPemohon: 'Admin BEM',
    });
    const res = await app.client().post('/api/election-requests', body);
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor(body.emailPemohon);
    expect(mail.subject).toBe('Permohonan pemilihan Anda telah diterima');
    // Only the election's name is quoted; the other visitor fields are not repeated.
    expect(mail.text).toContain('"Hadiah & "voucher" — klik situs kami sekarang juga"');
    expect(mail.text).not.toContain('Tim Hadiah Resmi');
    expect(mail.text).not.toContain('Admin BEM');
    expect(mail.html).toContain('Hadiah &amp; &quot;voucher&quot;');
    expect(mail.html).not.toContain('Hadiah & "voucher"');
  });

  it.each([
    [
      'an end before the start',
      { waktuSelesai: new Date(Date.now() + 3600_000).toISOString() },
      'waktuSelesai',
    ],
    ['a start in the past', { waktuMulai: '2020-01-01T08:00:00+07:00' }, 'waktuMulai'],
    ['a time without offset', { waktuMulai: '2027-01-01T08:00:00' }, 'waktuMulai'],
    ['markup in the name', { namaPemilihan: '<script>alert(1)</script>' }, 'namaPemilihan'],
    ['a bad email', { emailPemohon: 'bukan' }, 'emailPemohon'],
  ])('refuses %s with a field message and stores nothing', async (_l, override, field) => {
    const before = await tableCounts();
    const res = await app.client().post('/api/election-requests', requestBody(override));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.[field]).toBeTruthy();
    expect(await tableCounts()).toEqual(before);
  });

  it('lets only the master list, approve and reject requests; refusals change nothing', async () => {
    const res = await app.client().post('/api/election-requests', requestBody());
    const { id } = (await res.json()) as RequestOut;
    const voter = app.client();
    await voter.registerVoter();
    const before = await tableCounts();
    for (const [client, status] of [
      [app.client(), 401],
      [voter, 403],
      [plainAdmin, 403],
    ] as const) {
      expect((await client.get('/api/election-requests')).status).toBe(status);
      expect((await client.post(`/api/election-requests/${id}/approve`)).status).toBe(status);
      expect(
        (
          await client.post(`/api/election-requests/${id}/reject`, {
            alasan: 'Tidak lengkap sama sekali',
          })
        ).status,
      ).toBe(status);
    }
    expect(await tableCounts()).toEqual(before);
    const [row] = await app.services.database.db
      .select()
      .from(electionRequests)
      .where(eq(electionRequests.id, id));
    expect(row!.status).toBe('pending');
  });

  it('approval creates a draft election and a code, mailed to the requester; the code registers a committee member', async () => {
    const body = requestBody();
    const { id } = (await (
      await app.client().post('/api/election-requests', body)
    ).json()) as RequestOut;
    const approved = await master.post(`/api/election-requests/${id}/approve`);
    expect(approved.status).toBe(200);
    const out = (await approved.json()) as {
      kodeUndangan: string;
      election: { id: string; status: string; phase: string };
    };
    expect(out.kodeUndangan).toMatch(/^PNT-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(out.election).toMatchObject({ status: 'draft', phase: 'draft' });

    const list = (await (await master.get('/api/election-requests?status=approved')).json()) as {
      items: RequestOut[];
    };
    expect(list.items.find((r) => r.id === id)).toMatchObject({
      status: 'approved',
      kodeUndangan: out.kodeUndangan,
      electionId: out.election.id,
    });

    const mails = smtp.to(body.emailPemohon);
    await expect.poll(() => smtp.to(body.emailPemohon).length).toBe(2);
    const approval = smtp
      .to(body.emailPemohon)
      .find((m) => m.subject === 'Permohonan pemilihan Anda disetujui');
    expect(approval?.text).toContain(out.kodeUndangan);
    expect(approval?.text).toContain(`${app.services.env.publicUrl}/register-panitia`);
    void mails;

    // Deciding twice is refused.
    const again = await master.post(`/api/election-requests/${id}/approve`);
    expect(again.status).toBe(409);

    // The requester registers with the code (any case), at the address it was sent to, and is
    // signed in on that committee.
    const panitia = app.client();
    const reg = await panitia.post('/api/committee/register', {
      kodeUndangan: out.kodeUndangan.toLowerCase(),
      namaLengkap: 'Bayu Aji',
      email: body.emailPemohon.toUpperCase(),
      password: 'sandi-panitia-1',
      confirmPassword: 'sandi-panitia-1',
    });
    expect(reg.status).toBe(201);
    expect(((await reg.json()) as { electionId: string }).electionId).toBe(out.election.id);
    const me = await panitia.me();
    expect(me.abilities.committeeOf).toEqual([out.election.id]);
    const mine = (await (await panitia.get('/api/committee/elections')).json()) as {
      items: { id: string }[];
    };
    expect(mine.items.map((e) => e.id)).toEqual([out.election.id]);

    // The code is spent: a signed-in voter cannot join with it.
    const voter = app.client();
    await voter.registerVoter();
    const join = await voter.post('/api/committee/join', { kodeUndangan: out.kodeUndangan });
    expect(join.status).toBe(400);
    expect(((await join.json()) as ErrorBody).error.message).toMatch(/sudah dipakai/);
    expect((await voter.me()).abilities.committeeOf).toEqual([]);

    expect((await verifyAuditChain(app.services.database.db)).ok).toBe(true);
  });

  it('refuses a wrong, revoked or expired code and creates no account', async () => {
    const { id } = (await (
      await app.client().post('/api/election-requests', requestBody())
    ).json()) as RequestOut;
    const { kodeUndangan, election } = (await (
      await master.post(`/api/election-requests/${id}/approve`)
    ).json()) as {
      kodeUndangan: string;
      election: { id: string };
    };
    const db = app.services.database.db;
    const attempt = (code: string) =>
      app.client().post('/api/committee/register', {
        kodeUndangan: code,
        namaLengkap: 'Coba Masuk',
        email: `coba${n}${code.slice(-2)}@x.test`,
        password: 'sandi-coba-01',
        confirmPassword: 'sandi-coba-01',
      });
    const before = await tableCounts();
    const wrong = await attempt('PNT-AAAA-BBBB');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.fields?.kodeUndangan).toMatch(/tidak valid/);
    await db
      .update(committeeInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(committeeInvitations.code, kodeUndangan));
    expect((await attempt(kodeUndangan)).status).toBe(400);
    await db
      .update(committeeInvitations)
      .set({ expiresAt: new Date(Date.now() + 3600_000), revokedAt: new Date() })
      .where(eq(committeeInvitations.code, kodeUndangan));
    expect((await attempt(kodeUndangan)).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
    void election;
  });

  it('rejection stores the reason and mails it', async () => {
    const body = requestBody();
    const { id } = (await (
      await app.client().post('/api/election-requests', body)
    ).json()) as RequestOut;
    const res = await master.post(`/api/election-requests/${id}/reject`, {
      alasan: 'Jadwal bentrok dengan ujian akhir.',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Jadwal bentrok dengan ujian akhir.',
    });
    await expect
      .poll(() => smtp.to(body.emailPemohon).some((m) => m.text?.includes('Jadwal bentrok')))
      .toBe(true);
  });
  it('tells every active master admin, never a plain admin, with a link to decide; a flood is capped', async () => {
    const body = requestBody({ namaPemilihan: 'Pemilihan Ketua HIMA Baru' });
    expect((await app.client().post('/api/election-requests', body)).status).toBe(201);
    await expect
      .poll(
        () => smtp.to('master@bem.test').filter((m) => (m.text ?? '').includes('HIMA Baru')).length,
      )
      .toBe(1);
    const notice = smtp.to('master@bem.test').find((m) => (m.text ?? '').includes('HIMA Baru'))!;
    expect(notice.subject).toBe('Permohonan pemilihan baru menunggu keputusan');
    expect(notice.text).toContain('"Rina Putri"');
    expect(notice.text).toContain(body.emailPemohon);
    expect(notice.text).toMatch(/\/admin-master\/voting/);
    // The requester's confirmation went too; no plain admin is told.
    await smtp.waitFor(body.emailPemohon);
    expect(smtp.to('staf@bem.test')).toEqual([]);
    // Anyone may ask: at most 10 notices an hour reach a master, whatever arrives.
    for (let i = 0; i < 12; i++)
      expect((await app.client().post('/api/election-requests', requestBody())).status).toBe(201);
    await expect
      .poll(() => smtp.to('master@bem.test').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(10);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to('master@bem.test').length).toBe(10);
  });
});
