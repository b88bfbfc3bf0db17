/**
 * The costly half of verifying a record — every ballot's full check — split so that several
 * threads can share it: each checks its part of the ballots and returns a verdict per ballot
 * (by the hash of its bytes); the verifier then takes those verdicts instead of checking again,
 * and does everything else itself. The verdicts are exactly what `checkBallot` says against the
 * election object the record's Setup names.
 */
import { checkBallot, type BallotContext, type BallotDefect } from '../ballot.ts';
import { ballotContextOf } from '../context.ts';
import { parseBallot, type BallotParseFailure } from '../parse.ts';
import { readSetupData } from '../record/items.ts';
import { readRecord } from '../record/record.ts';

/** null: the ballot is valid for the election. */
export type BallotVerdict = BallotDefect | BallotParseFailure | null;
/** Verdicts by the hash of the ballot's bytes (its Ballot event's payload). */
export type BallotVerdicts = ReadonlyMap<string, BallotVerdict>;

/** One ballot's full check: its exact bytes read as a ballot, then every proof and signature. */
export function ballotVerdict(ctx: BallotContext, text: string): BallotVerdict {
  const parsed = parseBallot(text);
  if (!parsed.ok) return parsed.reason;
  return checkBallot(ctx, parsed.ballot) ?? null;
}

/**
 * The election object and every Ballot event's payload (hash and bytes), in record order;
 * undefined when the record cannot be read that far (the verifier then says why).
 */
export function recordBallots(
  bytes: Uint8Array,
): { electionText: string; ballots: [hash: string, text: string][] } | undefined {
  try {
    const record = readRecord(bytes);
    const setup = record.events[0]?.event.payload;
    const electionText = record.data.get(
      readSetupData(record.data.get(setup ?? '') ?? '').election,
    );
    if (electionText === undefined) return undefined;
    const ballots: [string, string][] = [];
    for (const { event } of record.events) {
      const text = event.type === 'Ballot' ? record.data.get(event.payload ?? '') : undefined;
      if (text !== undefined) ballots.push([event.payload!, text]);
    }
    return { electionText, ballots };
  } catch {
    return undefined;
  }
}

/**
 * Checks part `part` (0-based) of `parts`: every parts-th ballot of the record, starting at that
 * one. Returns nothing when the record or its election object cannot be read.
 */
export function checkRecordPart(
  bytes: Uint8Array,
  part: number,
  parts: number,
  onBallot?: (done: number, total: number) => void,
): Map<string, BallotVerdict> {
  const verdicts = new Map<string, BallotVerdict>();
  const found = recordBallots(bytes);
  if (!found) return verdicts;
  let ctx: BallotContext;
  try {
    ctx = ballotContextOf(found.electionText);
  } catch {
    return verdicts;
  }
  const mine = found.ballots.filter((_, i) => i % parts === part);
  mine.forEach(([hash, text], i) => {
    verdicts.set(hash, ballotVerdict(ctx, text));
    onBallot?.(i + 1, mine.length);
  });
  return verdicts;
}
