// Kirim Ulang Kredensial (issue 18): a voter who lost the mail gets the same credential again,
// opened with the recovery code the committee saved at lock; the server keeps only sealed copies
// and the record does not change.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, electionCredentials, elections, user } from '../../db/schema/index.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { holdCeremony } from '../../test/trustee.ts';
import { createInvitation } from '../committee/invitations.ts';
import { publicCredential } from '../../../shared/crypto/credentials.ts';
import { generateRecoveryCode, recoveryKeyFor } from '../../../shared/crypto/recovery-code.ts';
import { recordArchive, recordRow } from '../record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { deliverCredentials } from './deliver-credentials.ts';
import { encryptChoice } from '../../test/booth.ts';
import { SEAL_GRACE_SECONDS } from '../results/seal-results.ts';
import { castEncryptedBallot } from '../ballot-box/cast-encrypted.ts';
import { electionQuestion } from '../record/ballot-question.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(() => app.stop());

const deps = () => ({
  db,
  mailer: app.services.mailer,
  logger: app.services.logger,
  publicUrl: app.services.env.publicUrl,
});

/**
 * A verifiable draft opening in an hour with two voters on its roll, its committee signed in over
 * HTTP, the key ceremony held: ready to lock.
 */
async function draftWithCommittee(n = 0) {
  const people = await insertVoters(db, 2);
  const { election, candidates } = await insertOpenElection(db, {
    nims: people.map((p) => p.nim),
    ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    startsInMs: 3_600_000,
    endsInMs: 7_200_000,
  });
  await db
    .update(elections)
    .set({ status: 'draft', lockedAt: null })
    .where(eq(elections.id, election.id));
  const committee = app.client();
  const email = `panitia.ulang${n}.${election.id.slice(0, 8)}@uji.test`;
  const res = await committee.post('/api/committee/register', {
    kodeUndangan: (await createInvitation(db, election.id, null, email)).code,
    namaLengkap: 'Bayu Aji',
    email,
    password: 'sandi-panitia-1',
    confirmPassword: 'sandi-panitia-1',
  });
  expect(res.status).toBe(201);
  // The committee member and one more hold the key.
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const other = (await insertVoters(db, 1))[0]!;
  await holdCeremony(db, election.id, [member!.id, other.id]);
  return { election, candidates, people, committee };
}

const credentialRow = (electionId: string, nim: string) =>
  db
    .select()
    .from(electionCredentials)
    .where(and(eq(electionCredentials.electionId, electionId), eq(electionCredentials.nim, nim)))
    .then((r) => r[0]!);

const mailedCredentials = (email: string, electionId: string) =>
  app.sentMail
    .filter((m) => m.to === email && m.text.includes(`/voting/${electionId}#kredensial=`))
    .map((m) => /#kredensial=([1-9A-Za-z-]{19})/.exec(m.text)![1]!);

async function refused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  return body;
}

describe('Kirim Ulang Kredensial', () => {
  it('sends the same credential again with the committee’s code, and nothing without it', async () => {
    const { election, people, committee } = await draftWithCommittee(1);
    const code = generateRecoveryCode();
    // A malformed code is refused before anything is locked.
    const bad = await committee.post(`/api/elections/${election.id}/lock`, {
      kodePemulihan: 'bukan-kode',
    });
    expect(bad.status).toBe(400);
    expect(
      (await db.select().from(elections).where(eq(elections.id, election.id)))[0]!.status,
    ).toBe('draft');
    const lock = await committee.post(`/api/elections/${election.id}/lock`, {
      kodePemulihan: code.replaceAll('-', ' '),
    });
    expect(lock.status).toBe(200);
    await deliverCredentials(deps(), election.id);
    const voter = people[0]!;
    const email = `${voter.id}@uji.test`;
    const [first] = mailedCredentials(email, election.id);
    expect(first).toBeDefined();
    // The server keeps a sealed copy only: the credential itself is erased once mailed.
    const kept = await credentialRow(election.id, voter.nim);
    expect(kept.credential).toBeNull();
    expect(kept.sealedCredential).toBeTruthy();
    expect(kept.sealedCredential).not.toContain(first!);
    const before = await recordArchive(db, election.id);
    const uuid = (await recordRow(db, election.id))!.uuid;
    // What the committee's browser sends: the voter's key, derived from the code.
    const keyFor = (nim: string, c = code) => recoveryKeyFor(c, uuid, nim);

    const resend = (body: unknown, nim = voter.nim, client: TestClient = committee) =>
      client.post(`/api/elections/${election.id}/credentials/${nim}/resend`, body);
    const audits = async () =>
      (
        await db
          .select({ n: count() })
          .from(auditLog)
          .where(
            and(eq(auditLog.electionId, election.id), eq(auditLog.action, 'credential.resent')),
          )
      )[0]!.n;

    // Refusals, each changing nothing: another code's key, another voter's key, the code itself,
    // no reason, a NIM not on the roll,
    // someone who is not the committee.
    const wrong = await refused(
      await resend({
        kunciPemulihan: keyFor(voter.nim, generateRecoveryCode()),
        alasan: 'Email hilang.',
      }),
      400,
      'WRONG_RECOVERY_CODE',
    );
    expect(wrong.error.message).toMatch(/Kode pemulihan salah/);
    await refused(
      await resend({ kunciPemulihan: keyFor(people[1]!.nim), alasan: 'Email hilang.' }),
      400,
      'WRONG_RECOVERY_CODE',
    );
    expect((await resend({ kunciPemulihan: code, alasan: 'Email hilang.' })).status).toBe(400);
    expect((await resend({ kunciPemulihan: keyFor(voter.nim), alasan: '' })).status).toBe(400);
    await refused(
      await resend({ kunciPemulihan: keyFor('99887766'), alasan: 'Email hilang.' }, '99887766'),
      404,
      'NOT_ON_ROLL',
    );
    const outsider = app.client();
    await outsider.registerVoter();
    expect(
      (
        await resend(
          { kunciPemulihan: keyFor(voter.nim), alasan: 'Email hilang.' },
          voter.nim,
          outsider,
        )
      ).status,
    ).toBe(403);
    expect(mailedCredentials(email, election.id)).toHaveLength(1);
    expect(await audits()).toBe(0);
    expect((await credentialRow(election.id, voter.nim)).credential).toBeNull();

    // With the code: the same credential by mail, erased again, the reason in the audit log.
    const ok = await resend({
      kunciPemulihan: keyFor(voter.nim),
      alasan: 'Email pemilih terhapus.',
    });
    expect(ok.status).toBe(202);
    await deliverCredentials(deps(), election.id);
    const mailed = mailedCredentials(email, election.id);
    expect(mailed).toEqual([first, first]);
    expect((await credentialRow(election.id, voter.nim)).credential).toBeNull();
    expect(await audits()).toBe(1);
    // The record is untouched: the credential is the one already published.
    const after = await recordArchive(db, election.id);
    expect(after!.head).toBe(before!.head);
    expect(String(publicCredential(first!, uuid))).toBe(kept.publicCredential);
  });

  it('refuses without a code at lock, for a voter who voted, and after the close', async () => {
    const without = await draftWithCommittee(2);
    expect(
      (await without.committee.post(`/api/elections/${without.election.id}/lock`)).status,
    ).toBe(200);
    await deliverCredentials(deps(), without.election.id);
    const resendIn = (e: typeof without, nim: string, code: string) =>
      recordRow(db, e.election.id).then((row) =>
        e.committee.post(`/api/elections/${e.election.id}/credentials/${nim}/resend`, {
          kunciPemulihan: recoveryKeyFor(code, row!.uuid, nim),
          alasan: 'Email hilang.',
        }),
      );
    await refused(
      await resendIn(without, without.people[0]!.nim, generateRecoveryCode()),
      409,
      'NO_RECOVERY',
    );
    expect(
      (await credentialRow(without.election.id, without.people[0]!.nim)).sealedCredential,
    ).toBeNull();

    const e = await draftWithCommittee(3);
    const code = generateRecoveryCode();
    expect(
      (await e.committee.post(`/api/elections/${e.election.id}/lock`, { kodePemulihan: code }))
        .status,
    ).toBe(200);
    await deliverCredentials(deps(), e.election.id);
    const [voter, other] = e.people as [(typeof e.people)[0], (typeof e.people)[0]];
    // The polls open; the voter votes with the mailed credential; then nothing is sent again.
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(elections.id, e.election.id));
    const [credential] = mailedCredentials(`${voter.id}@uji.test`, e.election.id);
    const record = (await recordRow(db, e.election.id))!;
    const ballot = encryptChoice(
      {
        election: record.electionText,
        slots: electionQuestion(e.candidates, e.election).slots,
        credential: credential!,
      },
      e.candidates[0]!.id,
    );
    await castEncryptedBallot(db, { electionId: e.election.id, userId: voter.id, ballot });
    // Once voted, the voter's sealed copy is gone; the others' stay until the close.
    expect((await credentialRow(e.election.id, voter.nim)).sealedCredential).toBeNull();
    expect((await credentialRow(e.election.id, other.nim)).sealedCredential).toBeTruthy();
    await refused(await resendIn(e, voter.nim, code), 409, 'ALREADY_VOTED');
    // After the close: refused, and the sealed copies are erased with the next run.
    await db
      .update(elections)
      .set({
        startsAt: new Date(Date.now() - 7_200_000),
        endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 2) * 1000),
      })
      .where(eq(elections.id, e.election.id));
    await refused(await resendIn(e, other.nim, code), 409, 'NOT_OPEN');
    await deliverCredentials(deps());
    for (const p of e.people)
      expect(await credentialRow(e.election.id, p.nim)).toMatchObject({
        credential: null,
        sealedCredential: null,
      });
  });
});
