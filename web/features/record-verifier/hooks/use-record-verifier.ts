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
};

/** Ballot-checking workers: one per core the browser reports, at most eight. */
const checkers = () => Math.min(8, Math.max(1, navigator.hardwareConcurrency || 2));

const WORKER_FAILED = 'Pemeriksaan berhenti karena galat di peramban.';

/**
 * Runs the verifier off the main thread, one record at a time (a new run replaces the old): first
 * the ballots' full checks shared among one worker per core, then the verifier in its own worker
 * with their verdicts, doing every other check itself.
 */
export function useRecordVerifier() {
  const [state, setState] = useState<VerifierState>({ phase: 'idle' });
  const workers = useRef<Worker[]>([]);

  const stop = useCallback(() => {
    for (const w of workers.current) w.terminate();
    workers.current = [];
  }, []);
  useEffect(() => stop, [stop]);

  const verify = useCallback(
    async (input: VerifyInput) => {
      stop();
      setState({ phase: 'loading', source: input.source });
      let record: ArrayBuffer;
      try {
        record = await input.load();
      } catch (err) {
        setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
        return;
      }
      const started = performance.now();
      const run = {}; // this run's identity: a later run's stop() ends this one's workers
      const runs = new WeakMap<Worker, object>();
      const current = () => workers.current.length > 0 && runs.get(workers.current[0]!) === run;
      // Each `new Worker(new URL(…, import.meta.url))` is written out whole: the bundler finds
      // and builds a worker only in that exact form.
      const track = (w: Worker) => {
        runs.set(w, run);
        workers.current.push(w);
        return w;
      };
      setState({ phase: 'checking', source: input.source, done: 0, total: 0 });

      const failed = () => {
        setState({ phase: 'error', message: WORKER_FAILED });
        stop();
      };

      // The ballots, shared among the checkers.
      const parts = checkers();
      const progress = Array.from({ length: parts }, () => ({ done: 0, total: 0 }));
      const shares = await Promise.all(
        progress.map(
          (mine, part) =>
            new Promise<[string, BallotVerdict][] | undefined>((resolve) => {
              const w = track(
                new Worker(new URL('../../../workers/check-ballots.worker.ts', import.meta.url), {
                  type: 'module',
                }),
              );
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
              w.postMessage({ record: record.slice(0), part, parts } satisfies CheckBallotsRequest);
            }),
        ),
      );
      if (!current()) return; // replaced or cancelled meanwhile
      if (shares.some((s) => s === undefined)) return failed();
      stop();

      const w = track(
        new Worker(new URL('../../../workers/verify-record.worker.ts', import.meta.url), {
          type: 'module',
        }),
      );
      w.addEventListener('message', (e: MessageEvent) => {
        const msg = e.data as
          { type: 'progress'; done: number; total: number } | { type: 'report'; report: Report };
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
      };
      w.postMessage(request, [record, ...(input.snapshots ?? [])]);
    },
    [stop],
  );

  return { state, verify, cancel: () => (stop(), setState({ phase: 'idle' })) };
}
