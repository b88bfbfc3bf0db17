// One share of a record's ballot checks, off the main thread: the record verifier's page runs one
// of these per core, then hands their verdicts to the verifier (verify-record.worker.ts), which
// does every other check itself. Messages in: { record, part, parts }; out: progress, verdicts.
import { checkRecordPart, type BallotVerdict } from '../../shared/crypto/verify/ballot-verdicts.ts';

export type CheckBallotsRequest = { record: ArrayBuffer; part: number; parts: number };
export type CheckBallotsMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'verdicts'; verdicts: [string, BallotVerdict][] };

const scope = globalThis as unknown as {
  addEventListener: (type: 'message', fn: (e: MessageEvent<CheckBallotsRequest>) => void) => void;
  postMessage: (message: CheckBallotsMessage) => void;
};

scope.addEventListener('message', (e) => {
  const { record, part, parts } = e.data;
  let lastPost = 0;
  const verdicts = checkRecordPart(new Uint8Array(record), part, parts, (done, total) => {
    const now = performance.now();
    if (now - lastPost > 100 || done === total) {
      lastPost = now;
      scope.postMessage({ type: 'progress', done, total });
    }
  });
  scope.postMessage({ type: 'verdicts', verdicts: [...verdicts] });
});
