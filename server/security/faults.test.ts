import { recordFigures } from './figures.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { testUtils } from 'better-auth/plugins';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_SECONDS } from '../auth/auth.ts';
import { openDatabase, type Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { ballots, participation } from '../db/schema/index.ts';
import { loadAuthSecret } from '../db/secret.ts';
import { countBallots } from '../elections/ballot-box/count-ballots.ts';
import { verifyElection } from '../elections/results/verify-election.ts';
import { hashReceipt } from '../elections/rules/ballot.ts';
import { createPostgresDatabase, pgliteTemplate, testDbKind } from '../test/database.ts';
import { insertOpenElection, insertVoters } from '../test/elections.ts';
import { startPostgresCluster } from '../test/postgres-cluster.ts';
import {
  expectStartFailure,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { mountSmallDisk } from '../test/small-disk.ts';

/**
 * Faults while people vote, against the real server process: SIGKILL mid-casting (both
 * databases), a PostgreSQL restart mid-casting (PostgreSQL), and a DATA_DIR that cannot be
 * written or a disk that is full, at start and while running. Each time: every vote answered
 * with success is in the count, ballots and participation marks match one for one, and the
 * election verifies.
 */

const VOTERS = 64;
/** The server is killed (or the database stopped) once this many casts were answered 201. */
const FAULT_AFTER = 20;
/** Voters who cast only once the fault has happened (a part of VOTERS). */
const LATE_VOTERS = 4;

const figures = {
  /** Server kills, database stops, full disks and unwritable folders. */
  faultsInjected: 0,
  /** Votes answered 201 (first tries and retries) and checked in the box afterwards. */
  votesAnswered2xx: 0,
  /** Of those, missing from the box or without their participation mark. */
  votesLost: 0,
  /** Casts that got no success before the fault (no answer, or a 503). */
  unansweredAtFault: 0,
  /** Casts answered 503 (database down or disk full): clear message, nothing half-written. */
  answered503: 0,
  /** Retries answered "already voted": the first try was recorded though its answer was lost. */
  recordedButUnanswered: 0,
  /** Start-ups refused with a clear message (unwritable DATA_DIR, full disk). */
  startsRefused: 0,
};
afterAll(() => {
  recordFigures(
    'faults',
    figures,
    `${figures.faultsInjected} faults injected, ${figures.votesAnswered2xx} votes answered 2xx, ` +
      `${figures.votesLost} lost; ${figures.answered503} casts answered 503, ` +
      `${figures.startsRefused} start-ups refused with a clear message`,
  );
});

type Voter = { userId: string; choice: string; cookie: string };
type Prepared = { electionId: string; voters: Voter[] };

/**
 * `n` verified voters on the roll of one open election with two candidates, each signed in: the
 * session row and signed cookie are made by better-auth itself (its test-utils plugin, over the
 * same database and secret the server loads), as its sign-in makes them, without paying the
 * password hash 64 times.
 */
async function prepareElection(database: Database, n: number): Promise<Prepared> {
  const people = await insertVoters(database.db, n);
  const { election, candidates } = await insertOpenElection(database.db, {
    nims: people.map((p) => p.nim),
    candidates: 2,
  });
  const auth = betterAuth({
    baseURL: 'http://127.0.0.1',
    basePath: '/api/auth',
    secret: await loadAuthSecret(database.db),
    database: drizzleAdapter(database.db, { provider: 'pg', schema }),
    session: { expiresIn: SESSION_IDLE_SECONDS },
    telemetry: { enabled: false },
    plugins: [testUtils()],
  });
  const { test } = await auth.$context;
  const voters: Voter[] = [];
  for (const [i, p] of people.entries()) {
    const cookie = (await test.getAuthHeaders({ userId: p.id })).get('cookie');
    if (!cookie) throw new Error('better-auth made no session cookie');
    voters.push({ userId: p.id, choice: candidates[i % candidates.length]!.id, cookie });
  }
  return { electionId: election.id, voters };
}

type Outcome =
  | {
      answered: true;
      status: number;
      body: { receipt?: string; error?: { code: string; message: string } };
      retryAfter: string | null;
    }
  | { answered: false; error: string };

async function cast(url: string, electionId: string, v: Voter): Promise<Outcome> {
  try {
    const res = await fetch(`${url}/api/voting/${electionId}/cast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie: v.cookie },
      body: JSON.stringify({ choice: v.choice }),
    });
    const text = await res.text();
    let body: Extract<Outcome, { answered: true }>['body'];
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new Error(
        `cast answered ${res.status} with a body that is not JSON: ${text.slice(0, 300)}`,
      );
    }
    return { answered: true, status: res.status, body, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    if ((err as Error).message.startsWith('cast answered')) throw err;
    return { answered: false, error: String((err as Error).cause ?? err) };
  }
}

/**
 * Every voter but the last LATE_VOTERS casts at once; `fault` runs (once) as soon as FAULT_AFTER
 * casts were answered 201, while the others are still on their way. The last LATE_VOTERS cast
 * once the fault has happened, so however fast the machine answers the others, some casts always
 * meet it. Returns each voter's outcome.
 */
async function castAllWithFault(
  url: string,
  prepared: Prepared,
  fault: () => Promise<void>,
): Promise<Outcome[]> {
  let ok = 0;
  let faulted: Promise<void> | undefined;
  const early = prepared.voters.slice(0, -LATE_VOTERS);
  const late = prepared.voters.slice(-LATE_VOTERS);
  let afterFault!: () => void;
  const faultHappened = new Promise<void>((resolve) => (afterFault = resolve));
  const earlyOutcomes = Promise.all(
    early.map(async (v) => {
      const o = await cast(url, prepared.electionId, v);
      if (o.answered && o.status === 201 && ++ok === FAULT_AFTER) {
        faulted = fault();
        void faulted.then(afterFault, afterFault);
      }
      return o;
    }),
  );
  // Without a fault (a test failure below), the late voters do not wait forever.
  void earlyOutcomes.then(() => faulted ?? afterFault(), afterFault);
  const lateOutcomes = Promise.all(
    late.map(async (v) => {
      await faultHappened;
      return cast(url, prepared.electionId, v);
    }),
  );
  const outcomes = [...(await earlyOutcomes), ...(await lateOutcomes)];
  expect(faulted, 'the fault was injected while casting').toBeDefined();
  await faulted;
  return outcomes;
}

/** A second try by a voter whose first got no success: it counts, or it already had. */
function expectRetryOutcome(o: Outcome) {
  expect(o.answered).toBe(true);
  if (!o.answered) return;
  if (o.status === 409) {
    expect(o.body.error?.code).toBe('ALREADY_VOTED');
    figures.recordedButUnanswered++;
  } else expect(o.status, JSON.stringify(o.body)).toBe(201);
}

/**
 * Reads the box back from the database: every receipt answered 201 must be in it and every voter
 * answered 201 must have their participation mark; ballots and marks match one for one, the
 * tally adds up to them, and the election verifies (digests, counts, chains).
 */
async function checkBox(
  where: { dataDir: string; databaseUrl?: string | undefined },
  prepared: Prepared,
  successes: Map<string, string>,
) {
  // Opened here, once the server has let go of the database.
  const database = await openDatabase(where);
  try {
    const { db } = database;
    const { electionId } = prepared;
    const receiptHashes = [...successes.values()].map(hashReceipt);
    const found = await db
      .select({ h: ballots.receiptHash })
      .from(ballots)
      .where(and(eq(ballots.electionId, electionId), inArray(ballots.receiptHash, receiptHashes)));
    const marked = await db
      .select({ userId: participation.userId })
      .from(participation)
      .where(eq(participation.electionId, electionId));
    const markedIds = new Set(marked.map((m) => m.userId));
    const ballotCount = (
      await db
        .select({ h: ballots.receiptHash })
        .from(ballots)
        .where(eq(ballots.electionId, electionId))
    ).length;
    const tally = [...(await countBallots(db, electionId)).values()].reduce((s, n) => s + n, 0);
    const verification = await verifyElection(db, electionId);
    const lostReceipts = receiptHashes.length - found.length;
    const lostMarks = [...successes.keys()].filter((id) => !markedIds.has(id)).length;
    figures.votesAnswered2xx += successes.size;
    figures.votesLost += lostReceipts + lostMarks;

    expect(lostReceipts, 'receipts answered 201 but missing from the box').toBe(0);
    expect(lostMarks, 'voters answered 201 without a participation mark').toBe(0);
    expect(ballotCount).toBe(marked.length);
    expect(tally).toBe(ballotCount);
    // Every voter ended with a success or "already voted": all of them are in.
    expect(marked.length).toBe(prepared.voters.length);
    expect(verification.problems).toEqual([]);
    expect(verification.ok).toBe(true);
  } finally {
    await database.close();
  }
}

/** The voters' successes so far (userId -> receipt), and who still has to try again. */
function tallyOutcomes(prepared: Prepared, outcomes: Outcome[], successes: Map<string, string>) {
  const again: Voter[] = [];
  outcomes.forEach((o, i) => {
    const v = prepared.voters[i]!;
    if (o.answered && o.status === 201) successes.set(v.userId, o.body.receipt!);
    else again.push(v);
  });
  return again;
}

describe('the server is killed (SIGKILL) while 64 voters cast', () => {
  it('counts every vote answered 201 and keeps ballots and participation one for one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-faults-kill-'));
    const pgDb = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
    const vars = { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url };
    let server: ServerProcess | undefined;
    try {
      const setup = await openDatabase({
        dataDir,
        databaseUrl: pgDb?.url,
        loadDataDir: pgDb ? undefined : await pgliteTemplate(),
      });
      const prepared = await prepareElection(setup, VOTERS);
      await setup.close();

      server = await startServerProcess(vars);
      const first = server;
      const outcomes = await castAllWithFault(server.url, prepared, async () => {
        figures.faultsInjected++;
        await first.kill();
      });
      expect(first.child.signalCode).toBe('SIGKILL');
      // The dead process's lock on the embedded database is still there: the restart takes it over.
      if (!pgDb)
        expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim()).toBe(
          String(first.pid),
        );
      // Before the kill every answer was a success; the rest got no answer at all.
      for (const o of outcomes) if (o.answered) expect(o.status).toBe(201);
      const successes = new Map<string, string>();
      const again = tallyOutcomes(prepared, outcomes, successes);
      figures.unansweredAtFault += again.length;
      expect(again.length, 'some casts were still in flight at the kill').toBeGreaterThan(0);

      // Restarted on the same data, where the database recovers from the kill by itself.
      server = await startServerProcess(vars);
      for (const v of again) {
        const o = await cast(server.url, prepared.electionId, v);
        expectRetryOutcome(o);
        if (o.answered && o.status === 201) successes.set(v.userId, o.body.receipt!);
      }
      await server.stop();

      await checkBox({ dataDir, databaseUrl: pgDb?.url }, prepared, successes);
    } finally {
      await server?.kill();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

if (testDbKind === 'postgres') {
  describe('PostgreSQL is restarted while 64 voters cast', () => {
    it('reports not ready while it is down, recovers by itself and loses no answered vote', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-faults-pg-'));
      const cluster = await startPostgresCluster();
      let server: ServerProcess | undefined;
      try {
        const setup = await openDatabase({ dataDir, databaseUrl: cluster.url });
        const prepared = await prepareElection(setup, VOTERS);
        await setup.close();

        server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: cluster.url });
        const app = server;
        const outcomes = await castAllWithFault(app.url, prepared, async () => {
          figures.faultsInjected++;
          await cluster.stop();
        });

        // The database is down: not ready, and a vote gets a clear 503 in Indonesian.
        const ready = await fetch(`${app.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'database unavailable' });
        const successes = new Map<string, string>();
        const again = tallyOutcomes(prepared, outcomes, successes);
        figures.unansweredAtFault += again.length;
        expect(again.length, 'some casts did not succeed before the stop').toBeGreaterThan(0);
        const during = await cast(app.url, prepared.electionId, again[0]!);
        for (const o of [...outcomes, during]) {
          // Casts cut by the stop are answered too: success or the 503, never a 500.
          expect(o.answered).toBe(true);
          if (!o.answered || o.status === 201) continue;
          figures.answered503++;
          expect(o.status).toBe(503);
          expect(o.body.error).toEqual({
            code: 'DATABASE_UNAVAILABLE',
            message:
              'Server sedang tidak dapat menghubungi basis data. Silakan coba lagi dalam beberapa saat.',
          });
          expect(o.retryAfter).toBe('5');
        }
        if (during.answered) expect(during.status).toBe(503);
        // Reloading the page meanwhile: the same clear 503, not "signed out" and not a 500.
        const me = await fetch(`${app.url}/api/me`, { headers: { cookie: again[0]!.cookie } });
        expect(me.status).toBe(503);
        expect(((await me.json()) as { error: { code: string } }).error.code).toBe(
          'DATABASE_UNAVAILABLE',
        );

        // Started again: the same app process becomes ready by itself.
        await cluster.start();
        const deadline = Date.now() + 30_000;
        while ((await fetch(`${app.url}/readyz`)).status !== 200) {
          expect(Date.now(), 'ready again within 30 s').toBeLessThan(deadline);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(app.child.exitCode).toBeNull();
        for (const v of again) {
          const o = await cast(app.url, prepared.electionId, v);
          expectRetryOutcome(o);
          if (o.answered && o.status === 201) successes.set(v.userId, o.body.receipt!);
        }
        // Live updates listen again on a new connection (LISTEN person_changed).
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        try {
          const until = Date.now() + 30_000;
          for (;;) {
            const { rows } = await admin.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where query ilike 'LISTEN %person_changed%'`,
            );
            if (rows[0]!.n > 0) break;
            expect(Date.now(), 'live updates listen again within 30 s').toBeLessThan(until);
            await new Promise((r) => setTimeout(r, 200));
          }
        } finally {
          await admin.end();
        }
        await app.stop();

        await checkBox({ dataDir, databaseUrl: cluster.url }, prepared, successes);
      } finally {
        await server?.kill();
        await cluster.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 90_000);
  });
}

/** The server refused to start: exit 1, never listened, one clear line naming DATA_DIR. */
function expectRefusedStart(
  result: Awaited<ReturnType<typeof expectStartFailure>>,
  dataDir: string,
  code: string,
) {
  figures.faultsInjected++;
  figures.startsRefused++;
  expect(result.code, result.output).toBe(1);
  expect(result.listened).toBe(false);
  expect(result.output).toContain(`DATA_DIR ${dataDir} tidak dapat ditulisi`);
  expect(result.output).toContain(`(${code})`);
  expect(result.output).toContain('Basis data tidak dibuat atau diubah.');
  // An operator's message, not a stack trace.
  expect(result.output).not.toMatch(/\n\s+at /);
}

/** A database URL that is never reached: these servers must stop before connecting. */
const UNREACHED_DATABASE =
  testDbKind === 'postgres' ? 'postgres://127.0.0.1:1/tidak_dipakai' : undefined;

// Each refused start is a process of its own that loads the whole app: they run side by side.
describe('a DATA_DIR that cannot be written', () => {
  it.concurrent('refuses to start when DATA_DIR lies under a regular file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-faults-file-'));
    try {
      const file = path.join(dir, 'bukan-folder');
      fs.writeFileSync(file, 'x');
      const dataDir = path.join(file, 'data');
      const result = await expectStartFailure({
        DATA_DIR: dataDir,
        DATABASE_URL: UNREACHED_DATABASE,
      });
      expectRefusedStart(result, dataDir, 'ENOTDIR');
      expect(fs.readdirSync(dir)).toEqual(['bukan-folder']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.concurrent('refuses to start on a read-only file system', async () => {
    const disk = await mountSmallDisk({ size: '1m', readOnly: true });
    try {
      const dataDir = path.join(disk.path, 'data');
      const result = await expectStartFailure({
        DATA_DIR: dataDir,
        DATABASE_URL: UNREACHED_DATABASE,
      });
      expectRefusedStart(result, dataDir, 'EROFS');
      expect(fs.readdirSync(disk.path)).toEqual([]);
    } finally {
      await disk.dispose();
    }
  });

  it.concurrent('refuses to start on a full disk', async () => {
    const disk = await mountSmallDisk({ size: '1m' });
    try {
      const dataDir = path.join(disk.path, 'data');
      fs.mkdirSync(dataDir);
      disk.fill();
      const result = await expectStartFailure({
        DATA_DIR: dataDir,
        DATABASE_URL: UNREACHED_DATABASE,
      });
      expectRefusedStart(result, dataDir, 'ENOSPC');
      expect(result.output).toContain('disk penuh');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await disk.dispose();
    }
  });

  if (testDbKind === 'pglite') {
    it.concurrent(
      'leaves no half-made database when the disk fills during the first start',
      async () => {
        // Room for the start-up probe, not for a whole embedded database (about 40 MB).
        const disk = await mountSmallDisk({ size: '4m' });
        try {
          const dataDir = path.join(disk.path, 'data');
          const result = await expectStartFailure({ DATA_DIR: dataDir });
          expectRefusedStart(result, dataDir, 'ENOSPC');
          expect(fs.readdirSync(dataDir)).toEqual([]);
        } finally {
          await disk.dispose();
        }
      },
      60_000,
    );

    it('answers 503 while the disk is full, recovers without a restart and loses no answered vote', async () => {
      // The embedded database takes about 42 MB; it keeps 64 MB free in reserve.
      const disk = await mountSmallDisk({ size: '160m' });
      let server: ServerProcess | undefined;
      try {
        const dataDir = path.join(disk.path, 'data');
        const setup = await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() });
        const prepared = await prepareElection(setup, VOTERS);
        await setup.close();

        server = await startServerProcess({ DATA_DIR: dataDir });
        const app = server;
        const successes = new Map<string, string>();
        const castSome = async (voters: Voter[]) => {
          const outcomes = await Promise.all(
            voters.map((v) => cast(app.url, prepared.electionId, v)),
          );
          const refused: Voter[] = [];
          outcomes.forEach((o, i) => {
            expect(o.answered).toBe(true);
            if (!o.answered) return;
            if (o.status === 201) successes.set(voters[i]!.userId, o.body.receipt!);
            else {
              // Full disk: a clear 503 in Indonesian, never a 500.
              expect(o.status, `${JSON.stringify(o.body)}\nserver log:\n${app.output()}`).toBe(503);
              expect(o.body.error?.code).toBe('STORAGE_FULL');
              expect(o.body.error?.message).toMatch(/^Penyimpanan server penuh/);
              figures.answered503++;
              refused.push(voters[i]!);
            }
          });
          return refused;
        };
        expect(await castSome(prepared.voters.slice(0, 16))).toEqual([]);

        let filler = disk.fill();
        figures.faultsInjected++;
        const refused = await castSome(prepared.voters.slice(16));
        figures.unansweredAtFault += refused.length;
        expect(refused.length, 'the full disk refused some casts').toBeGreaterThan(0);

        // Reads are still served meanwhile.
        expect((await fetch(`${app.url}/readyz`)).status).toBe(200);

        // Room again: the same process takes the refused votes (voters retry after a 503).
        fs.rmSync(filler);
        for (const v of refused) {
          let o = await cast(app.url, prepared.electionId, v);
          for (let tries = 0; o.answered && o.status === 503 && tries < 50; tries++) {
            await new Promise((r) => setTimeout(r, 200));
            o = await cast(app.url, prepared.electionId, v);
          }
          expectRetryOutcome(o);
          if (o.answered && o.status === 201) successes.set(v.userId, o.body.receipt!);
        }
        await app.stop();

        // Full again at the next start: refused with a clear message, the database untouched.
        filler = disk.fill();
        expectRefusedStart(await expectStartFailure({ DATA_DIR: dataDir }), dataDir, 'ENOSPC');
        fs.rmSync(filler);
        server = await startServerProcess({ DATA_DIR: dataDir });
        await server.stop();

        await checkBox({ dataDir }, prepared, successes);
      } finally {
        await server?.kill();
        await disk.dispose();
      }
    }, 90_000);
  }
});
