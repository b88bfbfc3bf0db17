/**
 * The voter's audit of a ballot ("Periksa surat suara", after Benaloh's cast-or-audit): the booth
 * commits to a ballot (its tracker is shown) before the voter decides to cast it or to check it.
 * A checked ballot reveals the randomness of every slot, so anyone can open it: α must be g^r
 * and β/y^r must be g^m with m ∈ {0, 1}, and the opened vector must be a valid answer. Since a
 * cheating booth cannot know which ballots will be checked, each check that passes is evidence
 * that cast ballots hold what the voters chose. An opened ballot is never cast: its content is
 * public, in the list of audited ballots beside the record.
 *
 * The list is ours (Belenios 2.0 has no such item): a JSON array of
 * `{"tracker","ballot","randomness","plaintexts"}`, the ballot in its canonical bytes, every
 * randomness a decimal string, each plaintext the opened 0/1 vector of a question.
 */
import { z } from 'zod';
import {
  ballotTracker,
  checkBallot,
  isValidPlaintext,
  type Ballot,
  type BallotContext,
} from './ballot.ts';
import { isExponent, mul } from './group.ts';
import { parseBallot } from './parse.ts';
import type { BallotVerdict } from './verify/ballot-verdicts.ts';

/** Why an audited ballot does not open: a ballot defect, or randomness that does not open it. */
export type AuditVerdict =
  | { ok: true; tracker: string; plaintexts: number[][] }
  | { ok: false; reason: Exclude<BallotVerdict, null> | 'bad-randomness' };

/**
 * The plaintexts a ballot holds, read with its randomness; undefined when the randomness does
 * not open every slot to 0 or 1, or an opened answer is not valid for its question.
 */
export function openBallot(
  ctx: BallotContext,
  ballot: Ballot,
  randomness: readonly (readonly bigint[])[],
): number[][] | undefined {
  if (randomness.length !== ctx.questions.length || ballot.answers.length !== randomness.length)
    return undefined;
  const g1 = ctx.keys.g.pow(1n);
  const opened: number[][] = [];
  for (let i = 0; i < randomness.length; i++) {
    const rs = randomness[i]!;
    const choices = ballot.answers[i]!.choices;
    if (rs.length !== choices.length) return undefined;
    const plaintext: number[] = [];
    for (let j = 0; j < rs.length; j++) {
      const r = rs[j]!;
      const { alpha, beta } = choices[j]!;
      if (!isExponent(r) || ctx.keys.g.pow(r) !== alpha) return undefined;
      const gm = mul(beta, ctx.keys.y.pow(-r)); // β·y^(−r) = g^m
      if (gm === 1n) plaintext.push(0);
      else if (gm === g1) plaintext.push(1);
      else return undefined;
    }
    if (!isValidPlaintext(ctx.questions[i]!, plaintext)) return undefined;
    opened.push(plaintext);
  }
  return opened;
}

/** Whether the ballot has another number of answers or slots than the election's questions. */
const ballotShapeMismatch = (ctx: BallotContext, ballot: Ballot) =>
  ballot.answers.length !== ctx.questions.length ||
  ballot.answers.some(
    (a, i) =>
      a.choices.length !== ctx.questions[i]!.answers.length + (ctx.questions[i]!.blank ? 1 : 0),
  );

/** Checks an audited ballot completely (bytes, proofs, signature) and opens it. */
export function auditVerdict(
  ctx: BallotContext,
  ballotText: string,
  randomness: readonly (readonly bigint[])[],
): AuditVerdict {
  const parsed = parseBallot(ballotText);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  // Cheap before costly: opening takes two fixed-base powers per slot, the proofs far more.
  if (ballotShapeMismatch(ctx, parsed.ballot)) return { ok: false, reason: 'wrong-shape' };
  const plaintexts = openBallot(ctx, parsed.ballot, randomness);
  if (!plaintexts) return { ok: false, reason: 'bad-randomness' };
  const defect = checkBallot(ctx, parsed.ballot);
  if (defect) return { ok: false, reason: defect };
  return { ok: true, tracker: ballotTracker(ballotText), plaintexts };
}

/** The canonical bytes of one audited ballot (the ballot's own bytes kept exactly). */
export function serializeAuditedBallot(
  ballotText: string,
  randomness: readonly (readonly bigint[])[],
  plaintexts: readonly (readonly number[])[],
): string {
  return `{"tracker":${JSON.stringify(ballotTracker(ballotText))},"ballot":${ballotText},"randomness":${JSON.stringify(randomness.map((rs) => rs.map(String)))},"plaintexts":${JSON.stringify(plaintexts)}}`;
}

/** The canonical bytes of the list, from its entries' bytes in the order they were audited. */
export const serializeAuditedList = (entries: readonly string[]) => `[${entries.join(',')}]`;

/** One entry of the list as read: the ballot's bytes and what the entry claims about them. */
export type AuditedEntry = {
  tracker: string;
  ballotText: string;
  randomness: bigint[][];
  plaintexts: number[][];
};

const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/)
  .transform((s) => BigInt(s));
const entrySchema = z.strictObject({
  tracker: z.string(),
  ballot: z.record(z.string(), z.unknown()),
  randomness: z.array(z.array(decimal)),
  plaintexts: z.array(z.array(z.number().int())),
});

/** Reads the list of audited ballots; throws an Error in Indonesian when it is malformed. */
export function readAuditedList(text: string): AuditedEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('daftar surat suara yang diperiksa bukan JSON');
  }
  const parsed = z.array(entrySchema).safeParse(json);
  if (!parsed.success) throw new Error('daftar surat suara yang diperiksa tidak sesuai format');
  // JSON.stringify keeps the order of the file's keys: a non-canonical ballot stays non-canonical.
  return parsed.data.map((e) => ({
    tracker: e.tracker,
    ballotText: JSON.stringify(e.ballot),
    randomness: e.randomness,
    plaintexts: e.plaintexts,
  }));
}

/**
 * Checks every audited ballot of a list against the election: each opens with its randomness to
 * the plaintexts it claims, under the tracker it claims, signed with a credential of the
 * election; and none was cast (`cast` holds the trackers of the record's ballots). Returns the
 * first problem in Indonesian, or undefined when the list is sound.
 */
export function auditedListProblem(
  ctx: BallotContext,
  entries: readonly AuditedEntry[],
  credentials: ReadonlySet<bigint>,
  cast: ReadonlySet<string>,
): string | undefined {
  const seen = new Set<string>();
  for (const [n, e] of entries.entries()) {
    const which = `surat suara diperiksa ke-${n + 1}`;
    const verdict = auditVerdict(ctx, e.ballotText, e.randomness);
    if (!verdict.ok)
      return verdict.reason === 'bad-randomness'
        ? `${which}: keacakan tidak membuka surat suaranya`
        : `${which}: surat suara tidak sah (${verdict.reason})`;
    if (verdict.tracker !== e.tracker) return `${which}: kode surat suara tidak cocok`;
    if (JSON.stringify(verdict.plaintexts) !== JSON.stringify(e.plaintexts))
      return `${which}: isi yang dicantumkan berbeda dari isi yang terbuka`;
    const parsed = parseBallot(e.ballotText);
    if (parsed.ok && !credentials.has(parsed.ballot.credential))
      return `${which}: kredensialnya tidak ada dalam daftar kredensial publik`;
    if (cast.has(e.tracker)) return `${which}: surat suara yang sudah dibuka ikut dihitung`;
    if (seen.has(e.tracker)) return `${which}: tercantum dua kali`;
    seen.add(e.tracker);
  }
  return undefined;
}
