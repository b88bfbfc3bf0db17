import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballots, participation } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { ABSTAIN, ballotDigest, hashReceipt, KOTAK_KOSONG } from '../rules/ballot.ts';
import { castBallot } from './cast-ballot.ts';
import { countBallots } from './count-ballots.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(() => app.stop());

async function boxSize(electionId: string) {
  const [b] = await db
    .select({ n: count() })
    .from(ballots)
    .where(eq(ballots.electionId, electionId));
  const [p] = await db
    .select({ n: count() })
    .from(participation)
    .where(eq(participation.electionId, electionId));
  return { ballots: b!.n, participation: p!.n };
}

/** The database's own refusal message (drizzle wraps it as the cause). */
async function dbRefusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return String(
      (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message,
    );
  }
  throw new Error('expected the database to refuse');
}

async function refusedWith(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('castBallot', () => {
  it('records one ballot and one participation mark, and returns a receipt that finds the ballot', async () => {
    const [v] = await insertVoters(db, 1);
    const { election, candidates } = await insertOpenElection(db, { nims: [v!.nim] });
    const { receipt, votedAt } = await castBallot(db, {
      electionId: election.id,
      userId: v!.id,
      choice: candidates[0]!.id,
    });
    expect(receipt).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(Math.abs(votedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const [stored] = await db
      .select()
      .from(ballots)
      .where(eq(ballots.receiptHash, hashReceipt(receipt)));
    expect(stored).toMatchObject({ electionId: election.id, choice: candidates[0]!.id, format: 1 });
    expect(stored!.digest).toBe(ballotDigest(stored!));
    expect(await boxSize(election.id)).toEqual({ ballots: 1, participation: 1 });
  });

  it('gives exactly one ballot for 200 simultaneous casts by one voter', async () => {
    const [v] = await insertVoters(db, 1);
    const { election, candidates } = await insertOpenElection(db, { nims: [v!.nim] });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        castBallot(db, { electionId: election.id, userId: v!.id, choice: candidates[i % 2]!.id }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as ApiError).status).toBe(409);
    }
    expect(await boxSize(election.id)).toEqual({ ballots: 1, participation: 1 });
  });

  it('gives 500 ballots with matching counts when 500 voters cast at once', async () => {
    const people = await insertVoters(db, 500);
    const { election, candidates } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      candidates: 3,
    });
    const intended = new Map<string, number>();
    const results = await Promise.allSettled(
      people.map((p, i) => {
        const choice = candidates[i % 3 === 0 ? 0 : i % 5 === 0 ? 2 : 1]!.id;
        intended.set(choice, (intended.get(choice) ?? 0) + 1);
        return castBallot(db, { electionId: election.id, userId: p.id, choice });
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await boxSize(election.id)).toEqual({ ballots: 500, participation: 500 });
    expect(await countBallots(db, election.id)).toEqual(intended);
  });

  it('refuses, changing nothing: unverified, rejected, off the roll, before opening, after closing, a foreign choice, a second vote', async () => {
    const [ok, pending, rejected, stranger] = [
      ...(await insertVoters(db, 1)),
      ...(await insertVoters(db, 1, { status: 'pending' })),
      ...(await insertVoters(db, 1, { status: 'rejected' })),
      ...(await insertVoters(db, 1)),
    ];
    const roll = [ok!.nim, pending!.nim, rejected!.nim];
    const { election, candidates } = await insertOpenElection(db, { nims: roll });
    const upcoming = await insertOpenElection(db, {
      nims: roll,
      startsInMs: 3_600_000,
      endsInMs: 7_200_000,
    });
    const closed = await insertOpenElection(db, {
      nims: roll,
      startsInMs: -7_200_000,
      endsInMs: -1,
    });
    const other = await insertOpenElection(db, { nims: roll });
    const cast = (electionId: string, userId: string, choice: string) =>
      castBallot(db, { electionId, userId, choice });

    // Each attempt starts only when awaited: a refusal must never be left unhandled.
    const cases: [() => Promise<unknown>, number, RegExp][] = [
      [() => cast(election.id, pending!.id, candidates[0]!.id), 403, /belum diverifikasi/],
      [() => cast(election.id, rejected!.id, candidates[0]!.id), 403, /ditolak/],
      [
        () => cast(election.id, stranger!.id, candidates[0]!.id),
        403,
        /tidak terdaftar dalam daftar pemilih/,
      ],
      [
        () => cast(upcoming.election.id, ok!.id, upcoming.candidates[0]!.id),
        409,
        /belum dibuka\. Dibuka pada .* WIB/,
      ],
      [() => cast(closed.election.id, ok!.id, closed.candidates[0]!.id), 409, /sudah ditutup/],
      [() => cast(election.id, ok!.id, other.candidates[0]!.id), 400, /tidak ada pada surat suara/],
      [() => cast(election.id, ok!.id, KOTAK_KOSONG), 400, /tidak ada pada surat suara/],
      [() => cast(election.id, ok!.id, ABSTAIN), 400, /tidak ada pada surat suara/],
      [
        () => cast('00000000-0000-4000-8000-000000000000', ok!.id, candidates[0]!.id),
        404,
        /tidak ditemukan/,
      ],
    ];
    for (const [attempt, status, message] of cases) {
      const err = await refusedWith(attempt());
      expect(err.status, err.message).toBe(status);
      expect(err.message).toMatch(message);
    }
    for (const e of [election, upcoming.election, closed.election, other.election]) {
      expect(await boxSize(e.id)).toEqual({ ballots: 0, participation: 0 });
    }
    await cast(election.id, ok!.id, candidates[1]!.id);
    const again = await refusedWith(cast(election.id, ok!.id, candidates[0]!.id));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/sudah memberikan suara pada .* WIB/);
    expect(await boxSize(election.id)).toEqual({ ballots: 1, participation: 1 });
  });

  it('accepts Kotak Kosong against a lone candidate and abstain when enabled', async () => {
    const people = await insertVoters(db, 2);
    const { election } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      candidates: 1,
      abstain: true,
    });
    await castBallot(db, { electionId: election.id, userId: people[0]!.id, choice: KOTAK_KOSONG });
    await castBallot(db, { electionId: election.id, userId: people[1]!.id, choice: ABSTAIN });
    expect(await countBallots(db, election.id)).toEqual(
      new Map([
        [KOTAK_KOSONG, 1],
        [ABSTAIN, 1],
      ]),
    );
  });

  it('keeps the ballot box and the participation marks append-only in the database itself', async () => {
    const [v] = await insertVoters(db, 1);
    const { election, candidates } = await insertOpenElection(db, { nims: [v!.nim] });
    await castBallot(db, { electionId: election.id, userId: v!.id, choice: candidates[0]!.id });
    expect(
      await dbRefusal(
        db
          .update(ballots)
          .set({ choice: candidates[1]!.id })
          .where(eq(ballots.electionId, election.id)),
      ),
    ).toMatch(/append-only/);
    expect(await dbRefusal(db.delete(ballots).where(eq(ballots.electionId, election.id)))).toMatch(
      /append-only/,
    );
    expect(
      await dbRefusal(db.delete(participation).where(eq(participation.electionId, election.id))),
    ).toMatch(/append-only/);
    expect(await dbRefusal(db.execute(sql`truncate ballots`))).toMatch(/append-only/);
    expect(await countBallots(db, election.id)).toEqual(new Map([[candidates[0]!.id, 1]]));
  });

  it('stores no voter, no time and no sequence in a ballot', async () => {
    const columns = Object.keys(ballots).filter((k) => !k.startsWith('_') && k !== 'enableRLS');
    expect(columns.sort()).toEqual(['choice', 'digest', 'electionId', 'format', 'receiptHash']);
    const [v] = await insertVoters(db, 1);
    const { election, candidates } = await insertOpenElection(db, { nims: [v!.nim] });
    await castBallot(db, { electionId: election.id, userId: v!.id, choice: candidates[0]!.id });
    const [row] = await db.select().from(ballots).where(eq(ballots.electionId, election.id));
    const text = JSON.stringify(row);
    expect(text).not.toContain(v!.id);
    expect(text).not.toContain(v!.nim);
  });
});
