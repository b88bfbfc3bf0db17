import { useCallback, useEffect, useRef, useState } from 'react';
import type { BallotVerdict } from '../../../../shared/crypto/verify/ballot-verdicts.ts';
import type { Report, VerifyOptions } from '../../../../shared/crypto/verify/verify-record.ts';
import type {
  CheckBallotsMessage,
  CheckBallotsRequest,
} from '../../../workers/check-ballots.worker.ts';
import type { VerifyRequest } from '../../../workers/verify-record.worker.ts';

/** Where a verification stands. */
export type VerifierState =
  | { phase: 'idle' }
  | { phase: 'loading'; source: string }
  | { phase: 'checking'; source: string; done: number; total: number }
  | { phase: 'done'; source: string; report: Report; seconds: number }
  | { phase: 'error'; message: string };

/** Input for one run: the record's bytes (or where to fetch them) and what to compare it with. */
export type VerifyInput = {
  source: string;
  load: () => Promise<ArrayBuffer>;
  snapshots?: ArrayBuffer[];
  credentials?: VerifyOptions['credentials'];
  /** The ballots voters opened to check them, read beside the record (or where to fetch them). */
  audited?: () => Promise<string | undefined>;
};

/** What the checkers may hold together: each holds its own copy of the record, read whole. */
const CHECKERS_BYTES = 256 * 1024 * 1024;

/** Ballot-checking workers: one per core the browser reports (at most eight), fewer for a big record. */
const checkersFor = (bytes: number) =>
  Math.max(
    1,
    Math.min(
      8,
      navigator.hardwareConcurrency || 2,
      Math.floor(CHECKERS_BYTES / Math.max(bytes, 1)),
    ),
  );

const WORKER_FAILED = 'Pemeriksaan berhenti karena kesalahan di peramban.';

/**
 * Runs the verifier off the main thread, one record at a time (a new run replaces the old): first
 * the ballots' full checks shared among one worker per core, then the verifier in its own worker
 * with their verdicts, doing every other check itself.
 */
export function useRecordVerifier() {
  const [state, setState] = useState<VerifierState>({ phase: 'idle' });
  const workers = useRef<Worker[]>([]);
  /** Ends what is still waiting on the current run's workers (they never answer once ended). */
  const settle = useRef<(() => void)[]>([]);
  /** The latest run: an older one, still loading or checking, stops at its next step. */
  const latest = useRef(0);

  const stop = useCallback(() => {
    for (const w of workers.current) w.terminate();
    workers.current = [];
    for (const end of settle.current) end();
    settle.current = [];
  }, []);
  /** False once the page is left: a run still loading then stops (and StrictMode's rehearsal
   * of an unmount, which mounts again at once, does not end a run that is only loading). */
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop();
    };
  }, [stop]);

  const verify = useCallback(
    async (input: VerifyInput) => {
      const run = ++latest.current;
      const current = () => run === latest.current && mounted.current;
      stop();
      setState({ phase: 'loading', source: input.source });
      let record: ArrayBuffer;
      let audited: string | undefined;
      try {
        record = await input.load();
        audited = await input.audited?.();
      } catch (err) {
        if (current())
          setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
        return;
      }
      if (!current()) return;
      const started = performance.now();
      setState({ phase: 'checking', source: input.source, done: 0, total: 0 });
      const failed = () => {
        if (!current()) return;
        setState({ phase: 'error', message: WORKER_FAILED });
        stop();
      };

      // The ballots, shared among the checkers. Each `new Worker(new URL(…, import.meta.url))`
      // is written out whole: the bundler finds and builds a worker only in that exact form.
      const parts = checkersFor(record.byteLength);
      const progress = Array.from({ length: parts }, () => ({ done: 0, total: 0 }));
      const shares = await Promise.all(
        progress.map(
          (mine, part) =>
            new Promise<[string, BallotVerdict][] | undefined>((resolve) => {
              settle.current.push(() => resolve(undefined));
              const w = new Worker(
                new URL('../../../workers/check-ballots.worker.ts', import.meta.url),
                { type: 'module' },
              );
              workers.current.push(w);
              w.addEventListener('message', (e: MessageEvent<CheckBallotsMessage>) => {
                if (e.data.type === 'verdicts') return resolve(e.data.verdicts);
                mine.done = e.data.done;
                mine.total = e.data.total;
                if (current())
                  setState({
                    phase: 'checking',
                    source: input.source,
                    done: progress.reduce((s, p) => s + p.done, 0),
                    total: progress.reduce((s, p) => s + p.total, 0),
                  });
              });
              w.addEventListener('error', () => resolve(undefined));
              const copy = record.slice(0);
              w.postMessage({ record: copy, part, parts } satisfies CheckBallotsRequest, [copy]);
            }),
        ),
      );
      if (!current()) return; // replaced, cancelled or unmounted meanwhile
      if (shares.some((s) => s === undefined)) return failed();
      stop();

      const w = new Worker(new URL('../../../workers/verify-record.worker.ts', import.meta.url), {
        type: 'module',
      });
      workers.current.push(w);
      w.addEventListener('message', (e: MessageEvent) => {
        const msg = e.data as
          { type: 'progress'; done: number; total: number } | { type: 'report'; report: Report };
        if (!current()) return;
        if (msg.type === 'progress') {
          setState({ phase: 'checking', source: input.source, done: msg.done, total: msg.total });
        } else {
          setState({
            phase: 'done',
            source: input.source,
            report: msg.report,
            seconds: (performance.now() - started) / 1000,
          });
          stop();
        }
      });
      w.addEventListener('error', failed);
      const request: VerifyRequest = {
        record,
        verdicts: shares.flatMap((s) => s!),
        ...(input.snapshots ? { snapshots: input.snapshots } : {}),
        ...(input.credentials ? { credentials: input.credentials } : {}),
        ...(audited !== undefined ? { audited } : {}),
      };
      w.postMessage(request, [record, ...(input.snapshots ?? [])]);
    },
    [stop],
  );

  const cancel = useCallback(() => {
    latest.current++;
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  return { state, verify, cancel };
}
