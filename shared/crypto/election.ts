/**
 * The election object (§4.10): written once at setup and hashed exactly as stored, so it is
 * serialised here in the specification's field order and never re-serialised afterwards.
 */
import { z } from 'zod';
import type { Question } from './ballot.ts';
import { GROUP_NAME } from './group.ts';
import { sha256B64 } from './hash.ts';

/** The public parameters of one election. */
export type Election = {
  description: string;
  name: string;
  publicKey: bigint;
  questions: Question[];
  uuid: string;
  administrator?: string;
  credentialAuthority?: string;
};

/** A uuid as §4.2 defines it: at least 14 Base58 characters. */
export const UUID_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{14,}$/;

/** A question with its fields in the specification's order (`blank` only when true). */
function questionInOrder(q: Question): Question {
  return {
    answers: q.answers,
    ...(q.blank ? { blank: true } : {}),
    min: q.min,
    max: q.max,
    question: q.question,
  };
}

/** The canonical bytes of an election object. */
export function serializeElection(e: Election): string {
  return JSON.stringify({
    version: 1,
    description: e.description,
    name: e.name,
    group: GROUP_NAME,
    public_key: String(e.publicKey),
    questions: e.questions.map(questionInOrder),
    uuid: e.uuid,
    ...(e.administrator !== undefined ? { administrator: e.administrator } : {}),
    ...(e.credentialAuthority !== undefined ? { credential_authority: e.credentialAuthority } : {}),
  });
}

/** φ: the election fingerprint, over the stored bytes. */
export function electionFingerprint(serialized: string): string {
  return sha256B64(serialized);
}

const question = z.strictObject({
  answers: z.array(z.string()).min(1),
  blank: z.boolean().optional(),
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  question: z.string(),
});

const schema = z.strictObject({
  version: z.literal(1),
  description: z.string(),
  name: z.string(),
  group: z.literal(GROUP_NAME),
  public_key: z.string().regex(/^(0|[1-9][0-9]*)$/),
  questions: z.array(question).min(1),
  uuid: z.string().regex(UUID_PATTERN),
  administrator: z.string().optional(),
  credential_authority: z.string().optional(),
});

/** Reads an election object; only homomorphic questions in BELENIOS-2048 are supported. */
export function parseElection(text: string): Election | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'objek pemilihan bukan JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return {
      problem: 'objek pemilihan tidak sesuai format (grup BELENIOS-2048, pertanyaan homomorfik)',
    };
  const e = parsed.data;
  if (e.questions.some((q) => q.min > q.max || q.max > q.answers.length)) {
    return { problem: 'batas min/max pertanyaan tidak sah' };
  }
  return {
    description: e.description,
    name: e.name,
    publicKey: BigInt(e.public_key),
    questions: e.questions.map(questionInOrder),
    uuid: e.uuid,
    ...(e.administrator !== undefined ? { administrator: e.administrator } : {}),
    ...(e.credential_authority !== undefined
      ? { credentialAuthority: e.credential_authority }
      : {}),
  };
}
