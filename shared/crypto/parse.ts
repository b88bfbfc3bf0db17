/**
 * Reading record JSON into the core's types: strict shapes (zod), big numbers as canonical
 * decimal strings, and canonical bytes (a ballot whose re-serialisation differs is refused, as
 * belenios-tool refuses it).
 */
import { z } from 'zod';
import type { Answer, Ballot } from './ballot.ts';
import { serializeBallot } from './ballot.ts';

const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/)
  .transform((s) => BigInt(s));
const proof = z.strictObject({ challenge: decimal, response: decimal });
const ciphertext = z.strictObject({ alpha: decimal, beta: decimal });

const answer = z
  .strictObject({
    choices: z.array(ciphertext),
    individual_proofs: z.array(z.array(proof)),
    overall_proof: z.array(proof),
    blank_proof: z.array(proof).length(2).optional(),
  })
  .transform((a): Answer => ({
    choices: a.choices,
    individualProofs: a.individual_proofs,
    overallProof: a.overall_proof,
    ...(a.blank_proof ? { blankProof: a.blank_proof } : {}),
  }));

const ballot = z
  .strictObject({
    election_uuid: z.string(),
    election_hash: z.string(),
    credential: decimal,
    answers: z.array(answer),
    signature: z.strictObject({ hash: z.string(), proof }),
  })
  .transform((b): Ballot => ({
    electionUuid: b.election_uuid,
    electionHash: b.election_hash,
    credential: b.credential,
    answers: b.answers,
    signature: b.signature,
  }));

/** Why a ballot's text could not be read as a ballot: not JSON, wrong shape, not canonical. */
export type BallotParseFailure = 'not-json' | 'wrong-shape' | 'not-canonical';

/** A ballot read from its bytes, or why it cannot be. */
export type ParsedBallot = { ok: true; ballot: Ballot } | { ok: false; reason: BallotParseFailure };

/** Parses a ballot and insists that its bytes are exactly its canonical serialisation. */
export function parseBallot(text: string): ParsedBallot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const parsed = ballot.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'wrong-shape' };
  if (serializeBallot(parsed.data) !== text) return { ok: false, reason: 'not-canonical' };
  return { ok: true, ballot: parsed.data };
}
