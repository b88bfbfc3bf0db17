import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ballots,
  electionCredentials,
  elections,
  participation,
  auditLog,
  electionRecords,
  recordEntries,
  voters,
} from '../../db/schema/index.ts';
import type { Actor } from '../../auth/actor.ts';
import { lockElection } from '../setup/lock.ts';
import { holdCeremony } from '../../test/trustee.ts';
import { ApiError } from '../../http/errors.ts';
import { signedInStaff, startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { ballotTracker, buildBallot, serializeBallot } from '../../../shared/crypto/ballot.ts';
import { credentialSecret } from '../../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../../shared/crypto/context.ts';
import { verifyRecord } from '../../../shared/crypto/verify/verify-record.ts';
import { castBallot } from '../ballot-box/cast-ballot.ts';
import { castEncryptedBallot } from '../ballot-box/cast-encrypted.ts';
import { computeResults } from '../results/compute-results.ts';
import { SEAL_GRACE_SECONDS } from '../results/seal-results.ts';
import { electionQuestion, plaintextFor } from './ballot-question.ts';
import { recordArchive, recordRow } from './record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT, setUpRecord } from './setup-record.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-record-'));
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(async () => {
  await app.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A verifiable election open now, its record set up as locking does, with `n` voters on its roll. */
async function verifiableElection(
  n: number | { id: string; nim: string }[],
  opts: { abstain?: boolean; candidates?: number } = {},
) {
  const people = typeof n === 'number' ? await insertVoters(db, n) : n;
  const { election, candidates } = await insertOpenElection(db, {
    nims: people.map((p) => p.nim),
    ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    abstain: opts.abstain ?? true,
    candidates: opts.candidates ?? 2,
  });
  const setup = await db.transaction((tx) => setUpRecord(tx, election, new Date()));
  const row = (await recordRow(db, election.id))!;
  const ctx = ballotContextOf(row.electionText);
  const creds = await db
    .select()
    .from(electionCredentials)
    .where(eq(electionCredentials.electionId, election.id));
  const credentialOf = (i: number) => creds.find((c) => c.nim === people[i]!.nim)!.credential!;
  const { slots } = electionQuestion(candidates, election);
  /** The booth's work for voter i: their choice encrypted, proven and signed. */
  const ballotFor = (i: number, choice: string) =>
    serializeBallot(
      buildBallot(ctx, credentialSecret(credentialOf(i), ctx.uuid), [plaintextFor(slots, choice)!]),
    );
  return { election, candidates, people, setup, ctx, ballotFor, credentialOf };
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

async function boxOf(electionId: string) {
  const [p] = await db
    .select({ n: count() })
    .from(participation)
    .where(eq(participation.electionId, electionId));
  const [e] = await db
    .select({ n: count() })
    .from(recordEntries)
    .where(eq(recordEntries.electionId, electionId));
  const [b] = await db
    .select({ n: count() })
    .from(ballots)
    .where(eq(ballots.electionId, electionId));
  return { participation: p!.n, entries: e!.n, plaintext: b!.n };
}

async function close(electionId: string) {
  await db
    .update(elections)
    .set({
      startsAt: new Date(Date.now() - 7_200_000),
      endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 2) * 1000),
    })
    .where(eq(elections.id, electionId));
}

function beleniosVerifies(uuid: string, bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(work, 'v-'));
  fs.writeFileSync(path.join(dir, `${uuid}.bel`), bytes);
  const r = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the encrypted ballot box (format 2)', () => {
  it('is set up when a verifiable election is locked: one credential per NIM, announced with the lock', async () => {
    const people = await insertVoters(db, 3);
    const { election } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
      startsInMs: 3_600_000,
      endsInMs: 7_200_000,
    });
    await db
      .update(elections)
      .set({ status: 'draft', lockedAt: null })
      .where(eq(elections.id, election.id));
    const actor = {
      user: { id: people[0]!.id, name: 'Panitia Uji', email: 'panitia@uji.test' },
      admin: null,
      voter: null,
      committeeOf: [election.id],
    } as unknown as Actor;
    // Not before its key is held by its trustees.
    await expect(lockElection(db, actor, election.id)).rejects.toThrow(
      /Upacara kunci belum dimulai/,
    );
    await holdCeremony(db, election.id, [people[0]!.id, people[1]!.id]);
    await lockElection(db, actor, election.id);
    const row = (await recordRow(db, election.id))!;
    expect(row.credentialsCount).toBe(3);
    const creds = await db
      .select()
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, election.id));
    expect(creds.map((c) => c.nim).sort()).toEqual(people.map((p) => p.nim).sort());
    const [audit] = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.electionId, election.id), eq(auditLog.action, 'election.locked')));
    expect(audit!.details).toMatchObject({
      uuid: row.uuid,
      credentials: { count: 3, fingerprint: row.credentialsFingerprint },
    });
    const record = (await recordArchive(db, election.id))!;
    const report = verifyRecord(record.bytes, {
      credentials: { count: 3, fingerprint: row.credentialsFingerprint },
    });
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    // The published list (the third data item) is sorted by value, not in roll order.
    const [listEntry] = await db
      .select({ body: recordEntries.body })
      .from(recordEntries)
      .where(and(eq(recordEntries.electionId, election.id), eq(recordEntries.position, 2)));
    const list = JSON.parse(listEntry!.body) as string[];
    expect(list).toEqual([...list].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1)));
    expect(list.sort()).toEqual(creds.map((c) => c.publicCredential).sort());
  });

  it('records ballots made by the booth, counts them only encrypted, and its record passes both verifiers', async () => {
    const v = await verifiableElection(4);
    const [a, b] = v.candidates;
    const choices = [a!.id, b!.id, a!.id, 'abstain'];
    const receipts = [];
    for (const [i, choice] of choices.entries()) {
      const ballot = v.ballotFor(i, choice);
      const cast = await castEncryptedBallot(db, {
        electionId: v.election.id,
        userId: v.people[i]!.id,
        ballot,
      });
      // The Kode Bukti is the ballot's tracker: anyone can find it in the public record.
      expect(cast.receipt).toBe(ballotTracker(ballot));
      receipts.push(cast.receipt);
    }
    expect(new Set(receipts).size).toBe(4);
    // Each voter finds their Kode Bukti on /hasil; a changed one is not found, a malformed one refused.
    const check = (receipt: string) =>
      app.client().post(`/api/results/${v.election.id}/receipt-check`, { receipt });
    for (const r of receipts) expect(await (await check(r)).json()).toEqual({ found: true });
    // As the receipt shows it (groups of four), or copied with dashes: the same code.
    const grouped = receipts[0]!.match(/.{1,4}/g)!;
    for (const typed of [grouped.join(' '), grouped.join('-')])
      expect(await (await check(typed)).json()).toEqual({ found: true });
    const other = receipts[0]!.startsWith('A')
      ? `B${receipts[0]!.slice(1)}`
      : `A${receipts[0]!.slice(1)}`;
    expect(await (await check(other)).json()).toEqual({ found: false });
    expect((await check('ABCD-EFGH-JKMN-PQRS')).status).toBe(400);
    // Participation marks and ballots one for one; nothing in the plaintext box.
    expect(await boxOf(v.election.id)).toEqual({ participation: 4, entries: 5 + 8, plaintext: 0 });
    // No stored text holds a choice in the clear: the ballots are ciphertexts.
    const bodies = await db
      .select({ body: recordEntries.body })
      .from(recordEntries)
      .where(eq(recordEntries.electionId, v.election.id));
    for (const { body } of bodies) {
      expect(body).not.toContain(a!.id);
      expect(body).not.toContain(b!.id);
    }

    // While open: results stay sealed, the record so far already verifies.
    await expect(computeResults(db, v.election.id, new Date())).rejects.toThrow();
    const open = (await recordArchive(db, v.election.id))!;
    expect(verifyRecord(open.bytes).checks.filter((c) => !c.ok)).toEqual([]);

    await close(v.election.id);
    const results = await computeResults(db, v.election.id, new Date(), { useCache: false });
    expect(results.problems).toEqual([]);
    expect(results.options.map((o) => o.votes)).toEqual([2, 1]);
    expect(results.abstain?.votes).toBe(1);
    expect(results.totals).toMatchObject({ ballots: 4, valid: 3, abstain: 1 });
    expect(results.winner?.choice).toBe(a!.id);

    const record = (await recordArchive(db, v.election.id))!;
    expect(record.uuid).toBe(v.ctx.uuid);
    // The seal is the record's head: the Result event.
    const [sealed] = await db
      .select({ head: elections.ballotChainHead })
      .from(elections)
      .where(eq(elections.id, v.election.id));
    expect(sealed!.head).toBe(record.head);
    const ours = verifyRecord(record.bytes, {
      credentials: { count: v.setup.count, fingerprint: v.setup.credentialsFingerprint },
      snapshots: [open.bytes],
    });
    expect(ours.checks.filter((c) => !c.ok)).toEqual([]);
    expect(ours.ok).toBe(true);
    const theirs = beleniosVerifies(record.uuid, record.bytes);
    expect(theirs.output).not.toMatch(/error|fail/i);
    expect(theirs.status).toBe(0);

    // Counting again changes nothing: the record is closed once.
    await computeResults(db, v.election.id, new Date(), { useCache: false });
    expect((await recordArchive(db, v.election.id))!.head).toBe(record.head);
  });

  it('refuses every bad ballot with a code and a reason, writing nothing', async () => {
    const v = await verifiableElection(3);
    const choice = v.candidates[0]!.id;
    const cast = (i: number, ballot: string) =>
      castEncryptedBallot(db, { electionId: v.election.id, userId: v.people[i]!.id, ballot });
    const good = v.ballotFor(0, choice);
    const before = await boxOf(v.election.id);

    const tampered = JSON.parse(good) as {
      answers: { individual_proofs: { challenge: string }[][] }[];
    };
    const c = tampered.answers[0]!.individual_proofs[0]![0]!;
    c.challenge = String(BigInt(c.challenge) + 1n);
    const cases: [string, string][] = [
      ['not json', 'BALLOT_NOT_JSON'],
      [JSON.stringify({ hello: 1 }), 'BALLOT_WRONG_SHAPE'],
      [JSON.stringify(JSON.parse(good), null, 1), 'BALLOT_NOT_CANONICAL'],
      [JSON.stringify(tampered), 'BALLOT_BAD_SIGNATURE'],
    ];
    for (const [ballot, code] of cases) {
      const err = await refusal(cast(0, ballot));
      expect([err.status, err.code], code).toEqual([400, code]);
      expect(err.message).toMatch(/surat suara/i);
    }
    // Another voter's credential: a valid ballot, but not theirs to cast.
    const stolen = await refusal(cast(1, good));
    expect([stolen.status, stolen.code]).toEqual([403, 'NOT_YOUR_CREDENTIAL']);
    // A plaintext choice is refused by a verifiable election.
    const plain = await refusal(
      castBallot(db, { electionId: v.election.id, userId: v.people[0]!.id, choice }),
    );
    expect([plain.status, plain.code]).toEqual([400, 'ENCRYPTED_ONLY']);
    expect(await boxOf(v.election.id)).toEqual(before);

    // The voter's own ballot goes in once; the same bytes again get the same answer (a retry)
    // and write nothing; a second ballot is refused.
    const once = await cast(0, good);
    expect(await cast(0, good)).toEqual({ ...once, repeated: true });
    const second = await refusal(cast(0, v.ballotFor(0, v.candidates[1]!.id)));
    expect(second.status).toBe(409);
    expect(await boxOf(v.election.id)).toEqual({
      participation: 1,
      entries: before.entries + 2,
      plaintext: 0,
    });

    // A ballot for another election is refused, as is an encrypted ballot in a plaintext one.
    const other = await verifiableElection(1);
    const foreign = await refusal(cast(2, other.ballotFor(0, other.candidates[0]!.id)));
    // Its credential is not this election's: refused before any proof is checked.
    expect(foreign.code).toBe('NOT_YOUR_CREDENTIAL');
    const [plainVoter] = await insertVoters(db, 1);
    const { election: plainElection } = await insertOpenElection(db, { nims: [plainVoter!.nim] });
    const notEncrypted = await refusal(
      castEncryptedBallot(db, {
        electionId: plainElection.id,
        userId: plainVoter!.id,
        ballot: good,
      }),
    );
    expect(notEncrypted.code).toBe('NOT_ENCRYPTED');
  });

  it('refuses a cast that waited for the record while the close ended the ballots (nothing after EndBallots)', async () => {
    const v = await verifiableElection(1);
    const ballot = v.ballotFor(0, v.candidates[0]!.id);
    const before = await boxOf(v.election.id);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // The close holds the record's row and ends the ballots, as closeRecord does.
    const closing = db.transaction(async (tx) => {
      await tx
        .select()
        .from(electionRecords)
        .where(eq(electionRecords.electionId, v.election.id))
        .for('update');
      locked();
      await gate;
      await tx
        .update(electionRecords)
        .set({ ballotsEnded: true })
        .where(eq(electionRecords.electionId, v.election.id));
    });
    await isLocked;
    const cast = castEncryptedBallot(db, {
      electionId: v.election.id,
      userId: v.people[0]!.id,
      ballot,
    }).then(
      () => null,
      (err: unknown) => err,
    );
    await new Promise((r) => setTimeout(r, 300));
    release();
    await closing;
    const err = await cast;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('VOTING_CLOSED');
    expect(await boxOf(v.election.id)).toEqual(before);
  });

  it('refuses a voter who is not on the roll, and anyone once the polls have closed', async () => {
    const v = await verifiableElection(2);
    const [outsider] = await insertVoters(db, 1);
    const ballot = v.ballotFor(0, v.candidates[0]!.id);
    const notOnRoll = await refusal(
      castEncryptedBallot(db, { electionId: v.election.id, userId: outsider!.id, ballot }),
    );
    expect(notOnRoll.status).toBe(403);
    await close(v.election.id);
    const late = await refusal(
      castEncryptedBallot(db, { electionId: v.election.id, userId: v.people[0]!.id, ballot }),
    );
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.code).not.toBe('NOT_YOUR_CREDENTIAL');
    const [p] = await db
      .select({ n: count() })
      .from(participation)
      .where(and(eq(participation.electionId, v.election.id)));
    expect(p!.n).toBe(0);
  });

  it('casts over HTTP: the signed-in voter posts the ballot, the Kode Bukti is its tracker', async () => {
    const voter = app.client();
    const input = await voter.registerVoter();
    const [me] = await db
      .update(voters)
      .set({ status: 'verified' })
      .where(eq(voters.nim, input.nim))
      .returning({ id: voters.userId, nim: voters.nim });
    const v = await verifiableElection([me!]);
    const ballot = v.ballotFor(0, v.candidates[1]!.id);
    const anonymous = await app.client().post(`/api/voting/${v.election.id}/cast`, { ballot });
    expect(anonymous.status).toBe(401);
    const res = await voter.post(`/api/voting/${v.election.id}/cast`, { ballot });
    expect(res.status).toBe(201);
    const first = (await res.json()) as { receipt: string; votedAt: string };
    expect(first.receipt).toBe(ballotTracker(ballot));
    // The same ballot again (its answer was lost): the same answer, and nothing written twice.
    const entries = (await boxOf(v.election.id)).entries;
    const again = await voter.post(`/api/voting/${v.election.id}/cast`, { ballot });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    expect((await boxOf(v.election.id)).entries).toBe(entries);
    // Counted once for the operator's metrics too.
    const counted = await app.services.metrics.ballotsCast.get();
    expect(counted.values.find((x) => x.labels.kind === 'encrypted')?.value).toBe(1);
    // The Kode Bukti is mailed to the voter, once, with the way to the public ballot box.
    const trackerMails = () =>
      app.sentMail.filter(
        (m) => m.to === input.email.toLowerCase() && m.subject === 'Kode Bukti suara Anda',
      );
    await expect.poll(() => trackerMails().length).toBe(1);
    expect(trackerMails()[0]!.text).toContain(`Kode Bukti: ${first.receipt}`);
    expect(trackerMails()[0]!.text).toContain(
      `/hasil/${v.election.id}/kotak-suara?cari=${encodeURIComponent(first.receipt)}`,
    );
    // Another ballot of theirs after it: refused as a second vote.
    const other = await voter.post(`/api/voting/${v.election.id}/cast`, {
      ballot: v.ballotFor(0, v.candidates[0]!.id),
    });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { message: string } }).error.message).toMatch(
      /sudah memberikan suara/,
    );
    expect(trackerMails()).toHaveLength(1);
    const empty = await voter.post(`/api/voting/${v.election.id}/cast`, {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toContain(
      'surat suara terenkripsi (ballot)',
    );
    const broken = await voter.post(`/api/voting/${v.election.id}/cast`, { ballot: '{' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe(
      'BALLOT_NOT_JSON',
    );
  });
});

describe('the public record over HTTP', () => {
  it('is public while voting; after the close, the counts part only for those who may see the counts', async () => {
    const admin = await signedInStaff(app, {
      email: 'admin.rekaman@uji.test',
      password: 'sandi-admin-123',
      name: 'Admin Rekaman',
      role: 'admin',
    });
    const v = await verifiableElection(2);
    await db
      .update(elections)
      .set({ resultsRelease: 'manual' })
      .where(eq(elections.id, v.election.id));
    const castBallotText = v.ballotFor(0, v.candidates[0]!.id);
    await castEncryptedBallot(db, {
      electionId: v.election.id,
      userId: v.people[0]!.id,
      ballot: castBallotText,
    });
    const anonymous = app.client();
    const get = async (client: typeof anonymous) => {
      const res = await client.get(`/api/elections/${v.election.id}/record`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`${v.ctx.uuid}.bel`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const head = (await (
        await client.get(`/api/elections/${v.election.id}/record/head`)
      ).json()) as { head: string; complete: boolean; events: number; credentials: object };
      expect(res.headers.get('x-record-head')).toBe(head.head);
      return { bytes, head };
    };

    // The public ballot box: the ballot's tracker, for anyone, found by its first characters
    // (spaces ignored); its count is the turnout.
    const tracker = ballotTracker(castBallotText);
    const box = async (query = '') => {
      const res = await anonymous.get(`/api/elections/${v.election.id}/record/ballots${query}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await box()).body).toMatchObject({ total: 1, matches: 1, open: true, complete: false });
    expect((await box()).body.items).toEqual([tracker]);
    expect(
      (await box(`?cari=${encodeURIComponent(`${tracker.slice(0, 4)} ${tracker.slice(4, 9)}`)}`))
        .body,
    ).toMatchObject({ matches: 1 });
    const dashed = tracker.match(/.{1,4}/g)!.join('-');
    expect((await box(`?cari=${encodeURIComponent(dashed)}`)).body).toMatchObject({
      matches: 1,
      items: [tracker],
    });
    const wrong = tracker.startsWith('A') ? 'B' : 'A';
    expect((await box(`?cari=${wrong}${tracker.slice(1, 6)}`)).body).toMatchObject({
      total: 1,
      matches: 0,
      items: [],
    });
    const bad = await box('?cari=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Kode Bukti hanya berisi huruf, angka');
    expect((await box('?halaman=0')).status).toBe(400);

    // While voting: the record so far (Setup and the ballot), for anyone.
    const open = await get(anonymous);
    expect(open.head).toMatchObject({
      events: 2,
      complete: true,
      credentials: { count: 2, fingerprint: v.setup.credentialsFingerprint },
    });
    expect(verifyRecord(open.bytes).ok).toBe(true);

    // Closed, results not yet announced: the public copy stops at the encrypted tally.
    await close(v.election.id);
    await computeResults(db, v.election.id, new Date(), { useCache: false });
    const before = await get(anonymous);
    expect(before.head).toMatchObject({ events: 4, complete: false });
    const partial = verifyRecord(before.bytes, { snapshots: [open.bytes] });
    expect(partial.checks.filter((c) => !c.ok)).toEqual([]);
    expect(new TextDecoder().decode(before.bytes)).not.toContain('"result"');
    // An admin sees the counts, so the whole record, which extends both earlier copies.
    const whole = await get(admin);
    expect(whole.head).toMatchObject({ events: 6, complete: true });
    const full = verifyRecord(whole.bytes, { snapshots: [open.bytes, before.bytes] });
    expect(full.ok).toBe(true);

    // A plaintext election has no record; a bad id is refused.
    const [voter] = await insertVoters(db, 1);
    const { election: plain } = await insertOpenElection(db, { nims: [voter!.nim] });
    expect((await anonymous.get(`/api/elections/${plain.id}/record`)).status).toBe(404);
    expect((await anonymous.get(`/api/elections/${plain.id}/record/head`)).status).toBe(404);
    // Its ballot box page says why there is nothing to see, not that something is missing.
    const plainBox = await anonymous.get(`/api/elections/${plain.id}/record/ballots`);
    expect(plainBox.status).toBe(404);
    expect(((await plainBox.json()) as { error: { message: string } }).error.message).toMatch(
      /tidak memakai surat suara terenkripsi/,
    );
    expect((await anonymous.get('/api/elections/bukan-id/record')).status).toBe(400);
  });
});
