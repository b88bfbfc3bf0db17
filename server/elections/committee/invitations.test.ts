import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  candidates,
  committeeInvitations,
  elections,
  user,
} from '../../db/schema/index.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { startSmtpCatcher } from '../../test/smtp.ts';
import { setUpRecord } from '../record/setup-record.ts';

let app: TestApp;
let master: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url });
  master = await signedInStaff(app, {
    email: 'master.undangan@bem.test',
    password: 'rahasia-master-1',
    name: 'Master Undangan',
    role: 'master',
  });
});
afterAll(async () => {
  await app.stop();
  await smtp.close();
});

let n = 0;
async function approvedRequest() {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const emailPemohon = `pemohon.undangan${++n}@mahasiswa.test`;
  const req = await app.client().post('/api/election-requests', {
    namaPemilihan: `Pemilihan Undangan ${n}`,
    penyelenggara: 'HIMA Uji',
    deskripsi: 'Pemilihan untuk menguji kode undangan panitia.',
    waktuMulai: start.toISOString(),
    waktuSelesai: new Date(start.getTime() + 8 * 3600_000).toISOString(),
    namaPemohon: 'Rina Pemohon',
    emailPemohon,
  });
  const { id } = (await req.json()) as { id: string };
  const out = (await (await master.post(`/api/election-requests/${id}/approve`)).json()) as {
    kodeUndangan: string;
    election: { id: string };
  };
  return { code: out.kodeUndangan, electionId: out.election.id, emailPemohon };
}

function register(code: string, email: string, client = app.client()) {
  return client.post('/api/committee/register', {
    kodeUndangan: code,
    namaLengkap: 'Calon Panitia',
    email,
    password: 'sandi-panitia-1',
    confirmPassword: 'sandi-panitia-1',
  });
}
const message = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error.message;
const accounts = async (email: string) =>
  (await app.services.database.db.select().from(user).where(eq(user.email, email))).length;

describe('hardening 2: committee invitation codes and the one extension', () => {
  it('a code works once, only for the address it was sent to, for 72 hours', async () => {
    const { code, electionId, emailPemohon } = await approvedRequest();
    const [row] = await app.services.database.db
      .select()
      .from(committeeInvitations)
      .where(eq(committeeInvitations.code, code));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.01);

    const stranger = await register(code, 'orang.lain@mahasiswa.test');
    expect(stranger.status).toBe(400);
    expect(await message(stranger)).toMatch(/alamat email lain/);
    expect(await accounts('orang.lain@mahasiswa.test')).toBe(0);

    const first = await register(code, emailPemohon);
    expect(first.status).toBe(201);
    const second = await register(code, `kedua.${emailPemohon}`);
    expect(second.status).toBe(400);
    expect(await message(second)).toMatch(/sudah dipakai/);

    // An expired code is refused.
    const { code: late, emailPemohon: lateEmail } = await approvedRequest();
    await app.services.database.db
      .update(committeeInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(committeeInvitations.code, late));
    expect((await register(late, lateEmail)).status).toBe(400);
    expect(await accounts(lateEmail)).toBe(0);
    void electionId;
  });

  it('once the election is locked no code works; only the master adds members, audited and mailed to all', async () => {
    const { code, electionId, emailPemohon } = await approvedRequest();
    const lead = app.client();
    expect((await register(code, emailPemohon, lead)).status).toBe(201);
    // A code issued while a draft, not yet used…
    const issued = await master.post(`/api/oversight/elections/${electionId}/invitations`, {
      email: 'terlambat@mahasiswa.test',
    });
    expect(issued.status).toBe(201);
    const { code: spare } = (await issued.json()) as { code: string };
    await app.services.database.db
      .update(elections)
      .set({ status: 'ready', lockedAt: new Date(), rollSize: 0 })
      .where(eq(elections.id, electionId));
    // …is refused after lock, for a new account and for a signed-in voter on the roll alike.
    const late = await register(spare, 'terlambat@mahasiswa.test');
    expect(late.status).toBe(400);
    expect(await message(late)).toMatch(/sudah dikunci/);
    const voter = app.client();
    await voter.registerVoter();
    expect((await voter.post('/api/committee/join', { kodeUndangan: spare })).status).toBe(400);
    expect((await voter.me()).abilities.committeeOf).toEqual([]);
    // No new code after lock.
    expect(
      (
        await master.post(`/api/oversight/elections/${electionId}/invitations`, {
          email: 'lagi@mahasiswa.test',
        })
      ).status,
    ).toBe(409);
    // The master adds someone with an account: audited, and the whole committee is told.
    const added = await master.post(`/api/oversight/elections/${electionId}/committee`, {
      email: (await voter.me()).user!.email,
    });
    expect(added.status).toBe(201);
    const audit = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, electionId), eq(auditLog.action, 'committee.member-added')));
    expect(audit).toHaveLength(1);
    for (const to of [emailPemohon, (await voter.me()).user!.email]) {
      await expect
        .poll(() => smtp.to(to).filter((m) => m.subject === 'Perubahan panitia pemilihan').length)
        .toBeGreaterThanOrEqual(1);
    }
  });

  it('every change to the committee is mailed to the whole committee', async () => {
    const { code, electionId, emailPemohon } = await approvedRequest();
    expect((await register(code, emailPemohon)).status).toBe(201);
    const invitee = `anggota${n}@mahasiswa.test`;
    const issued = await master.post(`/api/oversight/elections/${electionId}/invitations`, {
      email: invitee,
    });
    const { code: second } = (await issued.json()) as { code: string };
    const member = app.client();
    expect((await register(second, invitee, member)).status).toBe(201);
    // The first member hears of the second joining (the second, who did it, is not told).
    await expect
      .poll(() =>
        smtp
          .to(emailPemohon)
          .some((m) => m.subject === 'Perubahan panitia pemilihan' && m.text?.includes(invitee)),
      )
      .toBe(true);
    const memberId = (
      await app.services.database.db.select().from(user).where(eq(user.email, invitee))
    )[0]!.id;
    expect(
      (
        await master.request(
          'DELETE',
          `/api/oversight/elections/${electionId}/committee/${memberId}`,
        )
      ).status,
    ).toBe(204);
    for (const to of [emailPemohon, invitee]) {
      await expect
        .poll(() =>
          smtp
            .to(to)
            .some(
              (m) =>
                m.subject === 'Perubahan panitia pemilihan' && m.text?.includes('mengeluarkan'),
            ),
        )
        .toBe(true);
    }
    // Told of being taken off, long after joining: the joining was never mailed to them.
    expect(
      smtp
        .to(invitee)
        .filter((m) => m.subject === 'Perubahan panitia pemilihan')
        .map((m) => m.text?.includes('mendaftar sebagai panitia')),
    ).toEqual([false]);
  });

  it('the end of an open election moves later once, by at most 24 hours, with a public reason', async () => {
    const db = app.services.database.db;
    const { code, electionId, emailPemohon } = await approvedRequest();
    const lead = app.client();
    expect((await register(code, emailPemohon, lead)).status).toBe(201);
    const end = new Date(Date.now() + 3600_000);
    const [locked] = await db
      .update(elections)
      .set({
        status: 'ready',
        lockedAt: new Date(),
        rollSize: 0,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: end,
      })
      .where(eq(elections.id, electionId))
      .returning();
    // Locked by hand, with the one candidate locking requires; its public record is set up as
    // locking does.
    await db
      .insert(candidates)
      .values({ electionId, nomorUrut: 1, namaKetua: 'Calon Tunggal', namaWakil: '' });
    await db.transaction((tx) => setUpRecord(tx, locked!, new Date()));
    const extend = (hours: number, alasan = 'Gangguan listrik di kampus selama satu jam.') =>
      lead.post(`/api/elections/${electionId}/extend`, {
        endsAt: new Date(end.getTime() + hours * 3600_000).toISOString(),
        alasan,
      });
    const tooLong = await extend(30 * 24);
    expect(tooLong.status).toBe(409);
    expect(await message(tooLong)).toMatch(/paling lama 24 jam/);
    expect((await extend(25)).status).toBe(409);
    expect((await extend(2, '')).status).toBe(400);
    expect((await extend(24)).status).toBe(200);
    const again = await extend(1);
    expect(again.status).toBe(409);
    expect(await message(again)).toMatch(/hanya boleh sekali/);

    const results = (await (await app.client().get(`/api/results/${electionId}`)).json()) as {
      election: { extension: { reason: string; from: string; to: string } | null };
    };
    expect(results.election.extension?.reason).toBe('Gangguan listrik di kampus selama satu jam.');
    expect(new Date(results.election.extension!.from).getTime()).toBe(end.getTime());
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, electionId));
    const pdf = await master.get(`/api/results/${electionId}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())),
      {
        mergePages: true,
      },
    );
    expect(text).toContain('Gangguan listrik di kampus selama satu jam.');
  });
});
