// Runs our record verifier off the main thread: the page stays responsive while thousands of
// ballots are checked. Messages in: { record, snapshots?, credentials? }; out: progress, report.
import { verifyRecord, type VerifyOptions } from '../../shared/crypto/verify/verify-record.ts';

export type VerifyRequest = {
  record: ArrayBuffer;
  snapshots?: ArrayBuffer[];
  credentials?: VerifyOptions['credentials'];
};

const scope = globalThis as unknown as {
  addEventListener: (type: 'message', fn: (e: MessageEvent<VerifyRequest>) => void) => void;
  postMessage: (message: unknown) => void;
};

scope.addEventListener('message', (e) => {
  const { record, snapshots, credentials } = e.data;
  let lastPost = 0;
  const report = verifyRecord(new Uint8Array(record), {
    ...(snapshots ? { snapshots: snapshots.map((s) => new Uint8Array(s)) } : {}),
    ...(credentials ? { credentials } : {}),
    onBallot: (done, total) => {
      const now = performance.now();
      if (now - lastPost > 100 || done === total) {
        lastPost = now;
        scope.postMessage({ type: 'progress', done, total });
      }
    },
  });
  scope.postMessage({ type: 'report', report });
});
