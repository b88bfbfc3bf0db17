import { ABSTAIN, KOTAK_KOSONG } from './ballot.ts';

export type Tally = {
  /** Votes per choice (candidate id, kotak-kosong, abstain), every choice present, zero included. */
  counts: Record<string, number>;
  /** Ballots that count towards a winner (abstentions excluded). */
  valid: number;
  total: number;
  /** The winning choice, null on a tie for first place or when nothing valid was cast. */
  winner: string | null;
  tie: boolean;
};

/**
 * Counts choices. `choiceCounts` are the per-choice totals from the ballot box (e.g. one
 * GROUP BY); choices outside the ballot are refused, so a tampered box cannot hide in the count.
 */
export function tally(
  choices: readonly string[],
  choiceCounts: ReadonlyMap<string, number>,
): Tally {
  const counts: Record<string, number> = Object.fromEntries(choices.map((c) => [c, 0]));
  let total = 0;
  for (const [choice, n] of choiceCounts) {
    if (!(choice in counts)) throw new Error(`ballot choice outside the ballot: ${choice}`);
    counts[choice] = n;
    total += n;
  }
  const contenders = choices.filter((c) => c !== ABSTAIN);
  const valid = contenders.reduce((s, c) => s + counts[c]!, 0);
  const top = Math.max(0, ...contenders.map((c) => counts[c]!));
  const leaders = contenders.filter((c) => counts[c] === top);
  const tie = top > 0 && leaders.length > 1;
  const winner = top > 0 && leaders.length === 1 ? leaders[0]! : null;
  return { counts, valid, total, winner, tie };
}

/** True when the empty box beat the lone candidate. */
export const kotakKosongWon = (t: Tally) => t.winner === KOTAK_KOSONG;
