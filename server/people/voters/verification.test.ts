import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../admins/create-admin.ts';
import { voters } from '../../db/schema/index.ts';
import { startTestApp, type TestApp, type TestClient, type VoterInput } from '../../test/app.ts';
import { startSmtpCatcher } from '../../test/smtp.ts';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url });
  await createAdmin(app.services.database.db, {
    email: 'staf@bem.test',
    password: 'sandi-staf-01',
    name: 'Staf BEM',
    role: 'admin',
  });
  admin = app.client();
  await admin.signIn('staf@bem.test', 'sandi-staf-01');
});
afterAll(async () => {
  await app.stop();
  await smtp.close();
});

const statusOf = async (nim: string) =>
  (await app.services.database.db.select().from(voters).where(eq(voters.nim, nim)))[0]!;

async function registered(overrides: Partial<VoterInput> = {}) {
  const client = app.client();
  const input = await client.registerVoter(overrides);
  const userId = (await statusOf(input.nim)).userId;
  return { client, input, userId };
}

describe('voter verification', () => {
  it('lets only admins list, verify and reject; a voter cannot verify anyone, even themselves', async () => {
    const v = await registered();
    for (const [client, status] of [
      [app.client(), 401],
      [v.client, 403],
    ] as const) {
      expect((await client.get('/api/voters')).status).toBe(status);
      expect((await client.post(`/api/voters/${v.userId}/verify`)).status).toBe(status);
      expect(
        (await client.post(`/api/voters/${v.userId}/reject`, { alasan: 'Tidak sesuai data' }))
          .status,
      ).toBe(status);
      expect(
        (
          await client.post('/api/voters/student-list', {
            csv: `NIM,Nama,Prodi\n${v.input.nim},${v.input.namaLengkap},${v.input.prodi}`,
          })
        ).status,
      ).toBe(status);
    }
    expect((await statusOf(v.input.nim)).status).toBe('pending');
  });

  it('lists with search and status filter, pending first', async () => {
    const v = await registered({ namaLengkap: 'Yusuf Maulana' });
    const res = await admin.get(`/api/voters?q=${encodeURIComponent('yusuf')}&status=pending`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      items: { nim: string; email: string }[];
      total: number;
      counts: { pending: number };
    };
    expect(body.items.map((i) => i.nim)).toEqual([v.input.nim]);
    expect(body.items[0]!.email).toBe(v.input.email);
    expect(body.counts.pending).toBeGreaterThan(0);
  });

  it('verifies, and rejects with a reason that is mailed and shown to the voter', async () => {
    const a = await registered();
    expect((await admin.post(`/api/voters/${a.userId}/verify`)).status).toBe(200);
    expect((await a.client.me()).voter?.status).toBe('verified');
    // The voter is told, with the way to their elections; verifying again mails nothing more.
    const verified = await smtp.waitFor(a.input.email, /sudah diverifikasi/);
    expect(verified.subject).toBe('Pendaftaran pemilih Anda sudah diverifikasi');
    expect(verified.text).toMatch(/\/dashboard-pemilih/);
    expect((await admin.post(`/api/voters/${a.userId}/verify`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(a.input.email).filter((m) => m.subject === verified.subject)).toHaveLength(1);

    const b = await registered();
    const res = await admin.post(`/api/voters/${b.userId}/reject`, {
      alasan: 'Nama tidak sesuai KTM.',
    });
    expect(res.status).toBe(200);
    const me = (await (await b.client.get('/api/me')).json()) as {
      voter: { status: string; rejectionReason: string };
    };
    expect(me.voter).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Nama tidak sesuai KTM.',
    });
    const mail = await smtp.waitFor(b.input.email, /Nama tidak sesuai KTM/);
    expect(mail.text).toContain('Nama tidak sesuai KTM.');
    expect((await admin.post('/api/voters/tidak-ada/verify')).status).toBe(404);
  });

  it('verifies from the official list only the registrations that match on NIM, name and programme', async () => {
    const match = await registered({ namaLengkap: 'Galih Pratama', prodi: 'Elektro Mekanika' });
    const otherName = await registered({ namaLengkap: 'Nama Lain' });
    const csv = [
      'NIM;Nama;Prodi;Angkatan',
      `${match.input.nim};GALIH  PRATAMA;elektro mekanika;2024`,
      `${otherName.input.nim};Orang Berbeda;${otherName.input.prodi};2023`,
      '0777777777;Belum Mendaftar;Teknokimia Nuklir;2024',
      'xx;Rusak;Teknokimia Nuklir;2024',
      '0666666666;Prodi Aneh;Kedokteran;2024',
    ].join('\n');
    const preview = await admin.post('/api/voters/student-list/preview', { csv });
    expect(preview.status).toBe(200);
    const p = (await preview.json()) as {
      toVerify: { nim: string }[];
      mismatched: { nim: string }[];
      notRegistered: number;
      invalid: unknown[];
    };
    expect(p.toVerify.map((x) => x.nim)).toEqual([match.input.nim]);
    expect(p.mismatched.map((x) => x.nim)).toEqual([otherName.input.nim]);
    expect(p.notRegistered).toBe(1);
    expect(p.invalid).toHaveLength(2);
    expect((await statusOf(match.input.nim)).status).toBe('pending'); // preview stores nothing

    expect((await admin.post('/api/voters/student-list', { csv })).status).toBe(200);
    expect(await statusOf(match.input.nim)).toMatchObject({ status: 'verified', angkatan: 2024 });
    expect((await statusOf(otherName.input.nim)).status).toBe('pending');
    // Only the newly verified student is told.
    await smtp.waitFor(match.input.email, /sudah diverifikasi/);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      smtp.to(otherName.input.email).filter((m) => /sudah diverifikasi/.test(m.text ?? '')),
    ).toEqual([]);
  });

  it('hardening 5: the official list verifies a registration only once its address is confirmed (and is the listed one)', async () => {
    // A classmate who knows the NIM, name and programme registers first, with an address they hold.
    const nim = `8${Date.now() % 1_000_000_000}`.slice(0, 10);
    const squat = {
      namaLengkap: 'Rudi Hartono',
      nim: `0${nim}`, // written with a leading zero: the same student as the list's spelling
      prodi: 'Teknokimia Nuklir',
      email: 'penyerobot.resmi@mahasiswa.test',
      password: 'sandi-orang-lain',
      confirmPassword: 'sandi-orang-lain',
    };
    expect((await app.client().post('/api/voters/register', squat)).status).toBe(202);
    const list = `NIM,Nama,Prodi\n${nim},Rudi Hartono,Teknokimia Nuklir`;
    type Preview = {
      toVerify: { nim: string }[];
      awaitingEmail: { nim: string }[];
      mismatched: { nim: string }[];
    };
    const before = (await (
      await admin.post('/api/voters/student-list/preview', { csv: list })
    ).json()) as Preview;
    expect(before.toVerify).toEqual([]);
    expect(before.awaitingEmail.map((x) => x.nim)).toEqual([nim]);
    expect((await admin.post('/api/voters/student-list', { csv: list })).status).toBe(200);
    const row = await statusOf(nim);
    expect(row.status).toBe('pending');
    // Nor by hand, while unconfirmed.
    const byHand = await admin.post(`/api/voters/${row.userId}/verify`);
    expect(byHand.status).toBe(409);
    expect((await statusOf(nim)).status).toBe('pending');

    // Once the address is confirmed the list verifies it — unless the list names another address.
    expect((await app.client().confirmEmail(squat.email)).status).toBe(200);
    const withEmail = `NIM,Nama,Prodi,Email\n${nim},Rudi Hartono,Teknokimia Nuklir,rudi@mahasiswa.test`;
    const named = (await (
      await admin.post('/api/voters/student-list/preview', { csv: withEmail })
    ).json()) as Preview;
    expect(named.mismatched.map((x) => x.nim)).toEqual([nim]);
    expect(named.toVerify).toEqual([]);
    expect((await admin.post('/api/voters/student-list', { csv: list })).status).toBe(200);
    expect((await statusOf(nim)).status).toBe('verified');
  });

  it('hardening 5: the official list reads NIMs through the one rule, refusing ambiguous ones with the reason', async () => {
    const csv = [
      'NIM,Nama,Prodi',
      '0115 00012,Satu,Teknokimia Nuklir',
      '11500012,Satu Lagi,Teknokimia Nuklir',
      '1.15E+07,Rusak,Teknokimia Nuklir',
    ].join('\n');
    const res = await admin.post('/api/voters/student-list/preview', { csv });
    const p = (await res.json()) as { invalid: { line: number; reason: string }[] };
    expect(p.invalid).toEqual([
      { line: 3, reason: expect.stringMatching(/ganda/) },
      { line: 4, reason: expect.stringMatching(/notasi ilmiah/) },
    ]);
  });

  it('refuses a list without the required columns, changing nothing', async () => {
    const res = await admin.post('/api/voters/student-list', { csv: 'a,b\n1,2' });
    expect(res.status).toBe(400);
  });
});
