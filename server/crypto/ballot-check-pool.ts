/**
 * The server's full check of an encrypted ballot costs tens of milliseconds of CPU (about fifty
 * 2048-bit exponentiations). It runs on a pool of worker threads, one per core, so that the
 * event loop keeps answering everyone else while ballots are checked, and so that casting uses
 * every core. Threads start on the first ballot and stop after a minute without one; idle
 * threads never keep the process alive.
 *
 * A process that ends while one of the threads is still loading its module is aborted by Node
 * (SIGABRT, a failed assertion in its module loader; seen in 1 of 60 runs of the verifier under
 * load); ending such a thread on its own goes through the same termination, so it is not done
 * either. Whatever ends the process (a command's `process.exit`, the server's stop) first closes
 * the pool with `closeBallotCheckPool`, which stops a thread only once it has loaded.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import type { BallotVerdict } from '../../shared/crypto/verify/ballot-verdicts.ts';
import type { AuditVerdict } from '../../shared/crypto/audit.ts';
import { bundled } from '../runtime/source-dir.ts';

export type BallotCheck = { electionText: string; ballot: string };
/** A ballot to open: its randomness per question and slot, in decimal (checked as exponents). */
export type BallotAudit = BallotCheck & { randomness: string[][] };

const IDLE_MS = 60_000;
/** How long closing waits at most for a thread to finish loading its module. */
const LOAD_WAIT_MS = 20_000;

type Pool = {
  piscina: Piscina;
  /** The threads that have loaded their module (piscina's "workerCreate"), by thread id. */
  loaded: Set<number>;
  /** The tasks sent and not yet settled. */
  running: Set<Promise<unknown>>;
};

let current: Pool | undefined;

function poolOf(): Pool {
  if (current) return current;
  const piscina = new Piscina({
    // From the one-file build, the worker is its own file beside it (scripts/build-server.ts).
    filename: new URL(
      bundled ? './ballot-check-worker.mjs' : './ballot-check-worker.ts',
      import.meta.url,
    ).href,
    minThreads: 0,
    maxThreads: Math.max(1, os.availableParallelism()),
    idleTimeout: IDLE_MS,
  });
  const loaded = new Set<number>();
  piscina.on('workerCreate', (w: { id: number }) => loaded.add(w.id));
  piscina.on('workerDestroy', (w: { id: number }) => loaded.delete(w.id));
  return (current = { piscina, loaded, running: new Set() });
}

function run<T>(task: BallotCheck | BallotAudit, name?: string): Promise<T> {
  const pool = poolOf();
  const done = pool.piscina.run(task, name ? { name } : {}) as Promise<T>;
  pool.running.add(done);
  const forget = () => pool.running.delete(done);
  done.then(forget, forget);
  return done;
}

/**
 * Checks a ballot (its exact bytes) against the election object as stored, off the event loop:
 * null when it is valid, else what is wrong with it.
 */
export function checkBallotOffThread(electionText: string, ballot: string): Promise<BallotVerdict> {
  return run<BallotVerdict>({ electionText, ballot } satisfies BallotCheck);
}

/** Checks a ballot a voter chose to open, and opens it with its randomness, off the event loop. */
export function auditBallotOffThread(task: BallotAudit): Promise<AuditVerdict> {
  return run<AuditVerdict>(task, 'audit');
}

/**
 * Closes the pool: every task sent to it settles (whoever sent it), every thread it started
 * finishes loading its module, then the threads stop. A check sent meanwhile starts a new pool.
 */
export async function closeBallotCheckPool(): Promise<void> {
  const pool = current;
  current = undefined;
  if (!pool) return;
  await Promise.allSettled([...pool.running]);
  const deadline = Date.now() + LOAD_WAIT_MS;
  while (pool.piscina.threads.some((t) => !pool.loaded.has(t.threadId)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await pool.piscina.destroy().catch(() => {});
}
