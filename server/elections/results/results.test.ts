import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { extractLinks, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  ballots,
  committeeMembers,
  electionRoll,
  elections,
  participation,
  user,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { castBallot } from '../ballot-box/cast-ballot.ts';
import { newReceipt } from '../ballot-box/receipt.ts';
import { ABSTAIN, ballotDigest, hashReceipt, KOTAK_KOSONG } from '../rules/ballot.ts';
import { chainHead } from '../../crypto/hash-chain.ts';
import { ballotChainOrder } from '../rules/chain.ts';
import { clearResultsCache, computeResults } from './compute-results.ts';
import { loadElection } from './election-row.ts';
import { computeTurnout, UNKNOWN_PRODI } from '../turnout.ts';
import { exportResultsCsv, resultsCsv } from './export-csv.ts';
import { exportResultsPdf } from './export-pdf.ts';
import { checkReceipt } from './receipt-check.ts';
import { SEAL_GRACE_SECONDS, sealBallotChain } from './seal-results.ts';
import { verifyElection } from './verify-election.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(() => app.stop());
beforeEach(() => clearResultsCache());

const PUBLIC_URL = 'https://bem.example.test';

/** Moves an election's polls into the past: closed, as the clock alone decides. */
async function close(electionId: string) {
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
    .where(eq(elections.id, electionId));
}

/** Edits a stored ballot the only way possible: by switching off the append-only trigger. */
async function tamperBallot(receiptHash: string, choice: string) {
  await db.execute(sql`ALTER TABLE ballots DISABLE TRIGGER ballots_append_only`);
  try {
    await db.execute(
      sql`UPDATE ballots SET choice = ${choice} WHERE receipt_hash = ${receiptHash}`,
    );
  } finally {
    await db.execute(sql`ALTER TABLE ballots ENABLE TRIGGER ballots_append_only`);
  }
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

/**
 * An open election with voters of two prodi (and some roll entries without prodi), ballots cast
 * as `plan` says (index of the candidate, or a special choice), and `extraRoll` who never vote.
 */
async function electionWithVotes(opts: {
  candidates?: number;
  plan: (number | string)[];
  extraRoll?: number;
  kotakKosong?: boolean;
  abstain?: boolean;
}) {
  const half = Math.ceil(opts.plan.length / 2);
  const people = [
    ...(await insertVoters(db, half, { prodi: 'Teknokimia Nuklir' })),
    ...(await insertVoters(db, opts.plan.length - half, { prodi: 'Elektro Mekanika' })),
  ];
  const absent = await insertVoters(db, opts.extraRoll ?? 0, {
    prodi: 'Elektronika Instrumentasi',
  });
  const { election, candidates } = await insertOpenElection(db, {
    candidates: opts.candidates ?? 2,
    nims: [...people, ...absent].map((p) => p.nim),
    kotakKosong: opts.kotakKosong,
    abstain: opts.abstain,
  });
  // The roll knows the prodi of everybody but the absent ones (an import without prodi).
  for (const p of people.slice(0, half))
    await db
      .update(electionRoll)
      .set({ prodi: 'Teknokimia Nuklir' })
      .where(and(eq(electionRoll.electionId, election.id), eq(electionRoll.nim, p.nim)));
  for (const p of people.slice(half))
    await db
      .update(electionRoll)
      .set({ prodi: 'Elektro Mekanika' })
      .where(and(eq(electionRoll.electionId, election.id), eq(electionRoll.nim, p.nim)));
  const receipts: string[] = [];
  for (const [i, step] of opts.plan.entries()) {
    const choice = typeof step === 'number' ? candidates[step]!.id : step;
    const { receipt } = await castBallot(db, {
      electionId: election.id,
      userId: people[i]!.id,
      choice,
    });
    receipts.push(receipt);
  }
  return { election, candidates, people, receipts };
}

async function sealEntries(electionId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.electionId, electionId), eq(auditLog.action, 'election.sealed')));
}

/** Asserts that nothing in `value` carries a count per candidate. */
function expectNoCounts(value: unknown, candidateIds: string[]) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const id of candidateIds) expect(text).not.toContain(id);
  expect(text).not.toContain(KOTAK_KOSONG);
  expect(text.toLowerCase()).not.toContain('counts');
  expect(text).not.toMatch(/"votes"/);
}

describe('sealed results', () => {
  it('while open, nothing added here gives a count per candidate to anyone', async () => {
    const { election, candidates, receipts } = await electionWithVotes({ plan: [0, 0, 1] });
    const ids = candidates.map((c) => c.id);
    const now = new Date();

    for (const attempt of [
      () => computeResults(db, election.id, now),
      () => computeResults(db, election.id, now, { useCache: false }),
      () => exportResultsCsv(db, election.id, now),
      () => exportResultsPdf(db, election.id, now, PUBLIC_URL),
      () => sealBallotChain(db, election.id),
    ]) {
      // One at a time: a refusal must never be left waiting unhandled.
      const err = await refusal(attempt());
      expect(err.status).toBe(409);
      expect(err.message).toMatch(/^Hasil belum tersedia/);
      expectNoCounts({ code: err.code, message: err.message }, ids);
    }

    const receipt = await checkReceipt(db, election.id, receipts[0]!);
    expect(receipt).toEqual({ found: true });
    expectNoCounts(receipt, ids);

    const turnout = await computeTurnout(db, election);
    expect(turnout.voted).toBe(3);
    expectNoCounts(turnout, ids);

    const verification = await verifyElection(db, election.id);
    expect(verification.ok).toBe(true);
    expect(verification.report).toContain('hasil masih disegel');
    expect(verification.report).not.toMatch(/Ketua \d/);
    expectNoCounts(verification, ids);

    // Nothing was sealed, and no audit entry written, while the polls were open.
    expect((await loadElection(db, election.id)).ballotChainHead).toBeNull();
    expect(await sealEntries(election.id)).toEqual([]);
  });

  it('shows no count and seals nothing while the database clock says the polls are open, even if the caller is ahead', async () => {
    const { election, candidates } = await electionWithVotes({ plan: [0] });
    const ahead = new Date(election.endsAt.getTime() + 60_000);
    const err = await refusal(computeResults(db, election.id, ahead));
    expect(err.status).toBe(409);
    expectNoCounts(
      { message: err.message },
      candidates.map((c) => c.id),
    );
    expect((await loadElection(db, election.id)).ballotChainHead).toBeNull();
    expect(await sealEntries(election.id)).toEqual([]);
  });

  it('waits a moment after the end, so casts that started before it have committed', async () => {
    const { election, candidates } = await electionWithVotes({ plan: [0] });
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 200) })
      .where(eq(elections.id, election.id));
    const err = await refusal(computeResults(db, election.id, new Date()));
    expect(err.status).toBe(409);
    expectNoCounts(
      { message: err.message },
      candidates.map((c) => c.id),
    );
    expect(await sealEntries(election.id)).toEqual([]);
    // Time passes beyond the grace: the end moves that far back, instead of the test waiting
    // (the seal reads the database's own clock).
    await db
      .update(elections)
      .set({ endsAt: new Date(Date.now() - SEAL_GRACE_SECONDS * 1000 - 500) })
      .where(eq(elections.id, election.id));
    const r = await computeResults(db, election.id, new Date());
    expect(r.options.map((o) => o.votes)).toEqual([1, 0]);
    expect(r.chain.sealedHead).toBe(r.chain.head);
  });
});

describe('computeResults', () => {
  it('counts per candidate in ballot order, with percentages of valid votes, abstain apart, turnout per prodi and the chain head', async () => {
    const { election, candidates, receipts } = await electionWithVotes({
      candidates: 3,
      plan: [0, 0, 0, 1, 1, 2, ABSTAIN, 0, 1, ABSTAIN],
      extraRoll: 5,
      abstain: true,
    });
    // Ballot order is the candidate number, not the order the rows were made in.
    await db.execute(sql`update candidates set nomor_urut = 99 where id = ${candidates[0]!.id}`);
    await db.execute(sql`update candidates set nomor_urut = 1 where id = ${candidates[2]!.id}`);
    await db.execute(sql`update candidates set nomor_urut = 3 where id = ${candidates[0]!.id}`);
    await close(election.id);

    const r = await computeResults(db, election.id, new Date());
    expect(r.problems).toEqual([]);
    expect(r.options.map((o) => [o.candidateId, o.nomorUrut, o.votes, o.percent])).toEqual([
      [candidates[2]!.id, 1, 1, 12.5],
      [candidates[1]!.id, 2, 3, 37.5],
      [candidates[0]!.id, 3, 4, 50],
    ]);
    expect(r.options[0]!.label).toBe('1. Ketua 3 & Wakil 3');
    expect(r.abstain).toEqual({ votes: 2, percentOfBallots: 20 });
    expect(r.totals).toEqual({ ballots: 10, valid: 8, abstain: 2 });
    expect(r.winner).toEqual({ choice: candidates[0]!.id, label: '3. Ketua 1 & Wakil 1' });
    expect(r.tie).toBe(false);
    expect(r.turnout).toEqual({
      rollSize: 15,
      voted: 10,
      percent: 66.67,
      perProdi: [
        { prodi: 'Teknokimia Nuklir', rollSize: 5, voted: 5, percent: 100 },
        { prodi: 'Elektro Mekanika', rollSize: 5, voted: 5, percent: 100 },
        { prodi: UNKNOWN_PRODI, rollSize: 5, voted: 0, percent: 0 },
      ],
    });

    // The head, recomputed independently from the receipts the voters hold.
    const expected = chainHead(
      ballotChainOrder(
        receipts.map((rc, i) => ({
          receiptHash: hashReceipt(rc),
          choice: [0, 0, 0, 1, 1, 2, ABSTAIN, 0, 1, ABSTAIN].map((s) =>
            typeof s === 'number' ? candidates[s]!.id : s,
          )[i]!,
        })),
      ).map((b) =>
        ballotDigest({
          electionId: election.id,
          receiptHash: b.receiptHash,
          choice: b.choice,
          format: 1,
        }),
      ),
    );
    expect(r.chain).toEqual({ head: expected, sealedHead: expected });
  });

  it('seals the chain head once, with one audit entry by the system, and answers later calls from memory', async () => {
    const { election, candidates, receipts } = await electionWithVotes({ plan: [0, 1, 1] });
    await close(election.id);
    const first = await computeResults(db, election.id, new Date());
    const stored = await loadElection(db, election.id);
    expect(stored.ballotChainHead).toBe(first.chain.head);
    const entries = await sealEntries(election.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorRole: 'sistem',
      actorId: null,
      entityType: 'election',
      entityId: election.id,
      details: { head: first.chain.head },
    });

    const again = await computeResults(db, election.id, new Date());
    expect(again.computedAt).toEqual(first.computedAt);
    expect(again.options).toEqual(first.options);
    expect(await sealEntries(election.id)).toHaveLength(1);

    // Tampering afterwards (possible only by switching the trigger off) is seen by a fresh count;
    // the seal is never overwritten.
    await tamperBallot(hashReceipt(receipts[0]!), candidates[1]!.id);
    const fresh = await computeResults(db, election.id, new Date(), { useCache: false });
    expect(fresh.options.map((o) => o.votes)).toEqual([0, 3]);
    expect(fresh.chain.sealedHead).toBe(first.chain.head);
    expect(fresh.chain.head).not.toBe(first.chain.head);
    expect(fresh.problems.join('\n')).toMatch(/isinya tidak cocok dengan digest/);
    expect(fresh.problems.join('\n')).toMatch(/berbeda dengan yang disegel/);
    expect((await loadElection(db, election.id)).ballotChainHead).toBe(first.chain.head);
    expect(await sealEntries(election.id)).toHaveLength(1);
  });

  it('counts once for everyone who asks at the same moment', async () => {
    const { election } = await electionWithVotes({ plan: [0, 1, 1] });
    await close(election.id);
    const all = await Promise.all(
      Array.from({ length: 10 }, () => computeResults(db, election.id, new Date())),
    );
    expect(new Set(all.map((r) => r.computedAt.getTime())).size).toBe(1);
    expect(all.every((r) => r.options.map((o) => o.votes).join() === '1,2')).toBe(true);
    expect(await sealEntries(election.id)).toHaveLength(1);
  });

  it('adds Kotak Kosong against a lone candidate and lets it win', async () => {
    const { election, candidates } = await electionWithVotes({
      candidates: 1,
      plan: [0, KOTAK_KOSONG, KOTAK_KOSONG],
    });
    await close(election.id);
    const r = await computeResults(db, election.id, new Date());
    expect(r.options.map((o) => [o.kind, o.choice, o.votes, o.percent])).toEqual([
      ['candidate', candidates[0]!.id, 1, 33.33],
      ['kotak-kosong', KOTAK_KOSONG, 2, 66.67],
    ]);
    expect(r.options[1]!.label).toBe('Kotak Kosong');
    expect(r.abstain).toBeNull();
    expect(r.kotakKosongWon).toBe(true);
    expect(r.winner?.label).toBe('Kotak Kosong');
  });

  it('reports a tie with no winner, and an election nobody voted in', async () => {
    const tie = await electionWithVotes({ plan: [0, 1] });
    await close(tie.election.id);
    const r = await computeResults(db, tie.election.id, new Date());
    expect(r).toMatchObject({ winner: null, tie: true, problems: [] });

    const empty = await insertOpenElection(db, { nims: [] });
    await close(empty.election.id);
    const e = await computeResults(db, empty.election.id, new Date());
    expect(e).toMatchObject({ winner: null, tie: false, problems: [] });
    expect(e.turnout).toEqual({ rollSize: 0, voted: 0, percent: 0, perProdi: [] });
    expect(e.options.map((o) => o.percent)).toEqual([0, 0]);
  });

  it('reports, never hides: participation without a ballot, and a ballot outside the ballot paper', async () => {
    const { election, people } = await electionWithVotes({ plan: [0, 1], extraRoll: 1 });
    const [ghost] = await insertVoters(db, 1);
    await db.insert(electionRoll).values({ electionId: election.id, nim: ghost!.nim });
    // A participation mark with no ballot, and a ballot with no participation and a foreign choice.
    await db.insert(participation).values({
      electionId: election.id,
      userId: ghost!.id,
      nim: ghost!.nim,
      prodi: 'Elektro Mekanika',
    });
    const receiptHash = hashReceipt(newReceipt());
    const record = { electionId: election.id, receiptHash, choice: 'kandidat-siluman', format: 1 };
    await db.insert(ballots).values({ ...record, digest: ballotDigest(record) });
    await db.insert(ballots).values({
      electionId: election.id,
      receiptHash: hashReceipt(newReceipt()),
      choice: ABSTAIN,
      format: 1,
      digest: 'f'.repeat(64),
    });
    await close(election.id);
    const r = await computeResults(db, election.id, new Date());
    const text = r.problems.join('\n');
    expect(text).toMatch(/1 surat suara berisi pilihan di luar surat suara \(kandidat-siluman\)/);
    expect(text).toMatch(/1 surat suara berisi pilihan di luar surat suara \(abstain\)/);
    expect(text).toMatch(/isinya tidak cocok dengan digest/);
    expect(text).toMatch(/tanda partisipasi \(3\) tidak sama dengan jumlah surat suara \(4\)/);
    // Foreign choices are not counted for anyone.
    expect(r.options.map((o) => o.votes)).toEqual([1, 1]);
    expect(people).toHaveLength(2);
  });

  it('refuses an unknown election', async () => {
    const err = await refusal(computeResults(db, crypto.randomUUID(), new Date()));
    expect(err.status).toBe(404);
  });
});

describe('sealBallotChain', () => {
  it('stores the head only when empty, and reports a different head without overwriting', async () => {
    const { election } = await electionWithVotes({ plan: [0] });
    await close(election.id);
    const first = await sealBallotChain(db, election.id);
    expect(first).toMatchObject({ sealedNow: true, problem: null });
    expect(first.sealedHead).toMatch(/^[0-9a-f]{64}$/);
    const same = await sealBallotChain(db, election.id);
    expect(same).toEqual({ sealedHead: first.sealedHead, sealedNow: false, problem: null });
    const other = await sealBallotChain(db, election.id, { head: 'a'.repeat(64) });
    expect(other.sealedNow).toBe(false);
    expect(other.sealedHead).toBe(first.sealedHead);
    expect(other.problem).toMatch(/berbeda dengan yang disegel/);
    expect((await loadElection(db, election.id)).ballotChainHead).toBe(first.sealedHead);
    expect(await sealEntries(election.id)).toHaveLength(1);
  });

  it('seals once when several computations race', async () => {
    const { election } = await electionWithVotes({ plan: [0, 1] });
    await close(election.id);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => sealBallotChain(db, election.id)),
    );
    expect(outcomes.filter((o) => o.sealedNow)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.sealedHead)).size).toBe(1);
    expect(outcomes.every((o) => o.problem === null)).toBe(true);
    expect(await sealEntries(election.id)).toHaveLength(1);
  });
});

describe('verifyElection', () => {
  it('reports everything matching, then names a tampered ballot', async () => {
    const { election, candidates, receipts } = await electionWithVotes({ plan: [0, 0, 1] });
    await close(election.id);
    await computeResults(db, election.id, new Date());
    const ok = await verifyElection(db, election.id);
    expect(ok.problems).toEqual([]);
    expect(ok.ok).toBe(true);
    expect(ok.report).toContain('HASIL: SEMUA COCOK');
    expect(ok.report).toMatch(/1\. Ketua 1 & Wakil 1: 2 suara \(66,67% suara sah\)/);

    const receiptHash = hashReceipt(receipts[0]!);
    await tamperBallot(receiptHash, candidates[1]!.id);
    const bad = await verifyElection(db, election.id);
    expect(bad.ok).toBe(false);
    expect(bad.report).toContain('KETIDAKCOCOKAN');
    expect(bad.report).toContain(`Surat suara ${receiptHash.slice(0, 12)}…`);
    expect(bad.report).toMatch(/dihitung ulang berbeda dengan yang disegel/);
  });
});

describe('checkReceipt', () => {
  it('finds the ballot behind a receipt however it is typed, and only in its own election', async () => {
    const { election, receipts } = await electionWithVotes({ plan: [0, 1] });
    const other = await electionWithVotes({ plan: [0] });
    const receipt = receipts[1]!;
    expect(await checkReceipt(db, election.id, receipt)).toEqual({ found: true });
    expect(
      await checkReceipt(db, election.id, ` ${receipt.toLowerCase().replace(/-/g, '')} `),
    ).toEqual({ found: true });
    expect(await checkReceipt(db, election.id, newReceipt())).toEqual({ found: false });
    expect(await checkReceipt(db, other.election.id, receipt)).toEqual({ found: false });
    const bad = await refusal(checkReceipt(db, election.id, 'bukan kode'));
    expect(bad.status).toBe(400);
    expect(bad.fields?.receipt).toMatch(/Format Kode Bukti tidak valid/);
    expect((await refusal(checkReceipt(db, crypto.randomUUID(), receipt))).status).toBe(404);
  });
});

describe('exports', () => {
  it('CSV: one row per option in ballot order, Indonesian headers, nothing per ballot or voter', async () => {
    const { election, people, receipts } = await electionWithVotes({
      plan: [1, 1, 0, ABSTAIN],
      abstain: true,
    });
    await close(election.id);
    const { filename, body } = await exportResultsCsv(db, election.id, new Date());
    expect(filename).toBe(`hasil-pemilihan-raya-uji-${election.id.slice(0, 8)}.csv`);
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.slice(1).trim().split('\n')).toEqual([
      'No. Urut,Nama Ketua,Nama Wakil,Jumlah Suara,Persentase Suara Sah (%)',
      '1,Ketua 1,Wakil 1,1,33.33',
      '2,Ketua 2,Wakil 2,2,66.67',
      ',Abstain,,1,',
    ]);
    for (const secret of [
      ...receipts,
      ...receipts.map(hashReceipt),
      ...people.map((p) => p.nim),
      ...people.map((p) => p.id),
    ])
      expect(body).not.toContain(secret);
  });

  it('CSV quotes names that hold commas and quotes', async () => {
    const { election } = await electionWithVotes({ plan: [0] });
    await db.execute(
      sql`update candidates set nama_ketua = 'Budi, S.T.', nama_wakil = 'Ani "Nuklir"' where election_id = ${election.id} and nomor_urut = 1`,
    );
    await close(election.id);
    const csv = resultsCsv(await computeResults(db, election.id, new Date()));
    expect(csv).toContain('1,"Budi, S.T.","Ani ""Nuklir""",1,100.00');
  });

  it('PDF: the berita acara with election data, WIB schedule, committee, counts, turnout, chain head, QR link and signatures', async () => {
    const { election } = await electionWithVotes({ plan: [0, 0, 1], extraRoll: 1 });
    const committee = [
      { id: crypto.randomUUID(), nama: 'Dewi Lestari' },
      { id: crypto.randomUUID(), nama: 'Joko Santoso' },
    ];
    await db
      .insert(user)
      .values(committee.map((m) => ({ id: m.id, name: m.nama, email: `${m.id}@panitia.test` })));
    await db
      .insert(committeeMembers)
      .values(
        committee.map((m) => ({ electionId: election.id, userId: m.id, namaLengkap: m.nama })),
      );
    await db
      .update(elections)
      .set({
        title: 'Pemilihan Ketua BEM 2026',
        startsAt: new Date('2026-03-02T01:00:00Z'),
        endsAt: new Date('2026-03-02T09:30:00Z'),
      })
      .where(eq(elections.id, election.id));

    const { filename, body } = await exportResultsPdf(db, election.id, new Date(), PUBLIC_URL);
    expect(filename).toBe(`hasil-pemilihan-ketua-bem-2026-${election.id.slice(0, 8)}.pdf`);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.subarray(-6).toString('latin1')).toMatch(/%%EOF/);

    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(totalPages).toBeLessThanOrEqual(2);
    const flat = text.replace(/\s+/g, ' ');
    const sealed = (await loadElection(db, election.id)).ballotChainHead!;
    for (const expected of [
      'BERITA ACARA',
      'Pemilihan Ketua BEM 2026',
      'KPU Uji',
      /0?2 Maret 2026 pukul 08\.00 WIB/,
      /0?2 Maret 2026 pukul 16\.30 WIB/,
      'Dewi Lestari',
      'Joko Santoso',
      'Ketua 1 & Wakil 1',
      '66,67%',
      '33,33%',
      '3 dari 4 pemilih (75,00%)',
      'Teknokimia Nuklir',
      'Elektro Mekanika',
      sealed,
      `${PUBLIC_URL}/hasil/${election.id}`,
      'Ketua Panitia',
      'Saksi',
    ] as (string | RegExp)[]) {
      if (typeof expected === 'string') expect(flat).toContain(expected);
      else expect(flat).toMatch(expected);
    }
    const { links } = await extractLinks(new Uint8Array(body));
    expect(links).toContain(`${PUBLIC_URL}/hasil/${election.id}`);
  });
});
