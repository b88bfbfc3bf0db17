// Runs our record verifier off the main thread: the page stays responsive while thousands of
// ballots are checked. Messages in: { record, verdicts?, snapshots?, credentials?, audited? }; out:
// progress, report. With verdicts (check-ballots.worker.ts) it does not check those ballots again.
import type { BallotVerdict } from '../../shared/crypto/verify/ballot-verdicts.ts';
import { verifyRecord, type VerifyOptions } from '../../shared/crypto/verify/verify-record.ts';

export type VerifyRequest = {
  record: ArrayBuffer;
  /** The ballots' verdicts from the page's check-ballots workers (by payload hash). */
  verdicts?: [string, BallotVerdict][];
  snapshots?: ArrayBuffer[];
  credentials?: VerifyOptions['credentials'];
  /** The list of ballots voters opened (`<uuid>.audited.json`), when given. */
  audited?: string;
};

const scope = globalThis as unknown as {
  addEventListener: (type: 'message', fn: (e: MessageEvent<VerifyRequest>) => void) => void;
  postMessage: (message: unknown) => void;
};

scope.addEventListener('message', (e) => {
  const { record, snapshots, credentials, verdicts, audited } = e.data;
  let lastPost = 0;
  const report = verifyRecord(new Uint8Array(record), {
    ...(snapshots ? { snapshots: snapshots.map((s) => new Uint8Array(s)) } : {}),
    ...(credentials ? { credentials } : {}),
    ...(verdicts ? { verdicts: new Map(verdicts) } : {}),
    ...(audited !== undefined ? { audited } : {}),
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
