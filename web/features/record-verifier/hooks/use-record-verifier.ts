import { useCallback, useEffect, useRef, useState } from 'react';
import type { Report, VerifyOptions } from '../../../../shared/crypto/verify/verify-record.ts';
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

/** Runs the verifier in a Web Worker, one record at a time; a new run replaces the old. */
export function useRecordVerifier() {
  const [state, setState] = useState<VerifierState>({ phase: 'idle' });
  const worker = useRef<Worker | null>(null);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
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
      const w = new Worker(new URL('../../../workers/verify-record.worker.ts', import.meta.url), {
        type: 'module',
      });
      worker.current = w;
      const started = performance.now();
      setState({ phase: 'checking', source: input.source, done: 0, total: 0 });
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
      w.addEventListener('error', () => {
        setState({ phase: 'error', message: 'Pemeriksaan berhenti karena galat di peramban.' });
        stop();
      });
      const request: VerifyRequest = {
        record,
        ...(input.snapshots ? { snapshots: input.snapshots } : {}),
        ...(input.credentials ? { credentials: input.credentials } : {}),
      };
      w.postMessage(request, [record, ...(input.snapshots ?? [])]);
    },
    [stop],
  );

  return { state, verify, cancel: () => (stop(), setState({ phase: 'idle' })) };
}
