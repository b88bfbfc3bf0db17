// The pool of ballot-checking threads closes without cutting a check short, and opens again.
import { describe, expect, it } from 'vitest';
import { recordBallots } from '../../shared/crypto/verify/ballot-verdicts.ts';
import { simulateElection } from '../../shared/crypto/simulate.ts';
import { checkBallotOffThread, closeBallotCheckPool } from './ballot-check-pool.ts';

describe('the ballot-checking pool', () => {
  const sim = simulateElection({
    voters: 6,
    questions: [{ answers: ['Paslon 1', 'Paslon 2'], blank: true, min: 1, max: 1, question: 'K' }],
    trustees: 1,
    threshold: 1,
  });
  const found = recordBallots(sim.record.toArchive())!;

  it('closing lets every check sent finish with its verdict, while the threads still start', async () => {
    const [valid, ...rest] = found.ballots.map(([, text]) => text);
    // One ballot altered after it was signed: its verdict says so, it is not lost either.
    const altered = valid!.replace(
      /"alpha":"(\d)/,
      (_, d: string) => `"alpha":"${d === '1' ? 2 : 1}`,
    );
    const checks = [valid!, altered, ...rest].map((b) =>
      checkBallotOffThread(found.electionText, b),
    );
    // Closed at once: the threads are still loading their module.
    await closeBallotCheckPool();
    const verdicts = await Promise.allSettled(checks);
    expect(verdicts.map((v) => v.status)).toEqual(checks.map(() => 'fulfilled'));
    const values = verdicts.map((v) => (v as PromiseFulfilledResult<unknown>).value);
    expect(values[0]).toBeNull();
    expect(values[1]).not.toBeNull();
    expect(values.slice(2)).toEqual(rest.map(() => null));

    // A check after the close starts a new pool.
    expect(await checkBallotOffThread(found.electionText, valid!)).toBeNull();
    await closeBallotCheckPool();
  });
});
