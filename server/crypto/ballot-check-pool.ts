/**
 * The server's full check of an encrypted ballot costs tens of milliseconds of CPU (about fifty
 * 2048-bit exponentiations). It runs on a pool of worker threads, one per core, so that the
 * event loop keeps answering everyone else while ballots are checked, and so that casting uses
 * every core. Threads start on the first ballot and stop after a minute without one; idle
 * threads never keep the process alive. A command that ends with `process.exit` closes the pool
 * first (`closeBallotCheckPool`): Node aborts the process (SIGABRT, a failed assertion in its
 * module loader) when it exits while a thread is still loading its module.
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

let pool: Piscina | undefined;

const poolOf = () =>
  (pool ??= new Piscina({
    // From the one-file build, the worker is its own file beside it (scripts/build-server.ts).
    filename: new URL(
      bundled ? './ballot-check-worker.mjs' : './ballot-check-worker.ts',
      import.meta.url,
    ).href,
    minThreads: 0,
    maxThreads: Math.max(1, os.availableParallelism()),
    idleTimeout: IDLE_MS,
  }));

/**
 * Checks a ballot (its exact bytes) against the election object as stored, off the event loop:
 * null when it is valid, else what is wrong with it.
 */
export function checkBallotOffThread(electionText: string, ballot: string): Promise<BallotVerdict> {
  return poolOf().run({ electionText, ballot } satisfies BallotCheck) as Promise<BallotVerdict>;
}

/** Checks a ballot a voter chose to open, and opens it with its randomness, off the event loop. */
export function auditBallotOffThread(task: BallotAudit): Promise<AuditVerdict> {
  return poolOf().run(task, { name: 'audit' }) as Promise<AuditVerdict>;
}

/** Lets the tasks under way finish, then stops every thread; the next check starts a new pool. */
export async function closeBallotCheckPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
