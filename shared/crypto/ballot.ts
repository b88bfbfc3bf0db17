/**
 * Ballots for homomorphic questions (§4.11.1, §4.13, §4.14, §4.15): building one in the voter's
 * browser, and checking one completely on the server and in the verifier. The serialised form is
 * canonical (compact JSON, the specification's field order), so the ballot's hash, signature and
 * tracker are over exactly the bytes that are published.
 */
import type { Ciphertext } from './elgamal.ts';
import { combine, encrypt } from './elgamal.ts';
import { isMember, mul } from './group.ts';
import { sha256B64 } from './hash.ts';
import type { ElectionKeys } from './keys.ts';
import type { Branch, KnownBranch, Proof } from './proofs.ts';
import { proveOr, proveSchnorr, verifyOr, verifySchnorr } from './proofs.ts';
import { randomZq } from './random.ts';

/** A homomorphic question (§4.9.1). */
export type Question = {
  answers: string[];
  blank?: boolean;
  min: number;
  max: number;
  question: string;
};

/** An encrypted answer to one question (answer_h of §4.11). */
export type Answer = {
  choices: Ciphertext[];
  individualProofs: Proof[][];
  overallProof: Proof[];
  blankProof?: Proof[];
};

/** A ballot (§4.15) with its signature (§4.14). */
export type Ballot = {
  electionUuid: string;
  electionHash: string;
  credential: bigint;
  answers: Answer[];
  signature: { hash: string; proof: Proof };
};

/** What a ballot is checked against: the election's fingerprint, uuid, key and questions. */
export type BallotContext = {
  uuid: string;
  fingerprint: string;
  keys: ElectionKeys;
  questions: readonly Question[];
};

const flat = (cts: readonly Ciphertext[]) => cts.map((c) => `${c.alpha},${c.beta}`).join(',');
const joined = (xs: readonly bigint[]) => xs.join(',');
const iproveInput = (s: string, c: Ciphertext) => (xs: readonly bigint[]) =>
  `prove|${s}|${c.alpha},${c.beta}|${joined(xs)}`;
const bproof0Input = (s: string) => (xs: readonly bigint[]) => `bproof0|${s}|${joined(xs)}`;
const bproof1Input = (s: string) => (xs: readonly bigint[]) => `bproof1|${s}|${joined(xs)}`;
const sigInput = (hash: string) => (a: bigint) => `sig|${hash}|${a}`;

/** g^(−k)·v: the ciphertext part that must encrypt 0 if the plaintext is k. */
function shifted(keys: ElectionKeys, v: bigint, k: number): bigint {
  return mul(v, inverseGeneratorPower(keys, k));
}

const inversePowers = new WeakMap<ElectionKeys['g'], bigint[]>();

/** g^(−k), cached for the small k that every proof uses. */
function inverseGeneratorPower(keys: ElectionKeys, k: number): bigint {
  let cache = inversePowers.get(keys.g);
  if (!cache) inversePowers.set(keys.g, (cache = []));
  return (cache[k] ??= keys.g.pow(BigInt(-k)));
}

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/**
 * Whether a plaintext vector is a valid answer: 0/1 slots; with a blank slot first, either blank
 * alone or a non-blank choice count within [min, max].
 */
export function isValidPlaintext(question: Question, plaintext: readonly number[]): boolean {
  const slots = question.answers.length + (question.blank ? 1 : 0);
  if (plaintext.length !== slots || plaintext.some((m) => m !== 0 && m !== 1)) return false;
  const chosen = plaintext.slice(question.blank ? 1 : 0).reduce((a, b) => a + b, 0);
  if (question.blank && plaintext[0] === 1) return chosen === 0;
  return chosen >= question.min && chosen <= question.max;
}

/**
 * Encrypts one answer with its proofs; `s0` is φ|credential. `rs` is each slot's randomness
 * (fresh from `randomZq` unless given): the audit of a ballot reveals it (audit.ts).
 */
export function encryptAnswer(
  keys: ElectionKeys,
  s0: string,
  question: Question,
  plaintext: readonly number[],
  rs: readonly bigint[] = plaintext.map(() => randomZq()),
): Answer {
  if (!isValidPlaintext(question, plaintext)) throw new Error('invalid plaintext for question');
  if (rs.length !== plaintext.length) throw new Error('one randomness per slot');
  const choices = plaintext.map((m, i) => encrypt(keys, BigInt(m), rs[i]!));
  const individualProofs = choices.map((c, i) => {
    const m = plaintext[i]!;
    const r = rs[i]!;
    return proveOr(
      keys,
      [0, 1].map((k) => ({ r, d: BigInt(m - k) })),
      m,
      iproveInput(s0, c),
    );
  });
  const s = `${s0}|${flat(choices)}`;
  const sum = (from: number) => ({
    r: rs.slice(from).reduce((a, b) => a + b, 0n),
    m: plaintext.slice(from).reduce((a, b) => a + b, 0),
  });
  if (!question.blank) {
    const total = sum(0);
    const branches = range(question.min, question.max).map((k) => ({
      r: total.r,
      d: BigInt(total.m - k),
    }));
    const overallProof = proveOr(
      keys,
      branches,
      total.m - question.min,
      iproveInput(s, combine(choices)),
    );
    return { choices, individualProofs, overallProof };
  }
  const m0 = plaintext[0]!;
  const r0 = rs[0]!;
  const rest = sum(1);
  const blankBranches: KnownBranch[] = [
    { r: r0, d: BigInt(m0) },
    { r: rest.r, d: BigInt(rest.m) },
  ];
  const blankProof = proveOr(keys, blankBranches, m0 === 0 ? 0 : 1, bproof0Input(s));
  const overallBranches: KnownBranch[] = [
    { r: r0, d: BigInt(m0 - 1) },
    ...range(question.min, question.max).map((k) => ({ r: rest.r, d: BigInt(rest.m - k) })),
  ];
  const real = m0 === 1 ? 0 : rest.m - question.min + 1;
  const overallProof = proveOr(keys, overallBranches, real, bproof1Input(s));
  return { choices, individualProofs, overallProof, blankProof };
}

/** Checks one answer's proofs (group membership of its ciphertexts included). */
export function verifyAnswer(
  keys: ElectionKeys,
  s0: string,
  question: Question,
  answer: Answer,
): boolean {
  const slots = question.answers.length + (question.blank ? 1 : 0);
  const { choices, individualProofs, overallProof, blankProof } = answer;
  if (choices.length !== slots || individualProofs.length !== slots) return false;
  if (Boolean(question.blank) !== (blankProof !== undefined)) return false;
  for (const c of choices) if (!isMember(c.alpha) || !isMember(c.beta)) return false;
  for (let i = 0; i < slots; i++) {
    const c = choices[i]!;
    const branches = [0, 1].map((k) => ({ u: c.alpha, v: shifted(keys, c.beta, k) }));
    if (!verifyOr(keys, branches, individualProofs[i]!, iproveInput(s0, c))) return false;
  }
  const s = `${s0}|${flat(choices)}`;
  if (!question.blank) {
    const total = combine(choices);
    const branches = range(question.min, question.max).map((k) => ({
      u: total.alpha,
      v: shifted(keys, total.beta, k),
    }));
    return verifyOr(keys, branches, overallProof, iproveInput(s, total));
  }
  const first = choices[0]!;
  const rest = combine(choices.slice(1));
  const blankBranches: Branch[] = [
    { u: first.alpha, v: first.beta },
    { u: rest.alpha, v: rest.beta },
  ];
  if (!verifyOr(keys, blankBranches, blankProof!, bproof0Input(s))) return false;
  const overallBranches: Branch[] = [
    { u: first.alpha, v: shifted(keys, first.beta, 1) },
    ...range(question.min, question.max).map((k) => ({
      u: rest.alpha,
      v: shifted(keys, rest.beta, k),
    })),
  ];
  return verifyOr(keys, overallBranches, overallProof, bproof1Input(s));
}

/** Builds and signs a ballot for the plaintext answers, with the credential's secret exponent. */
export function buildBallot(
  ctx: BallotContext,
  credentialSecret: bigint,
  plaintexts: readonly (readonly number[])[],
): Ballot {
  return buildOpenableBallot(ctx, credentialSecret, plaintexts).ballot;
}

/**
 * Builds a ballot and keeps the randomness of every slot (per question, per slot): with it the
 * ballot can be opened, which is what the voter's audit does (audit.ts). A ballot whose
 * randomness has left the booth must never be cast.
 */
export function buildOpenableBallot(
  ctx: BallotContext,
  credentialSecret: bigint,
  plaintexts: readonly (readonly number[])[],
): { ballot: Ballot; randomness: bigint[][] } {
  if (plaintexts.length !== ctx.questions.length) throw new Error('one plaintext per question');
  const credential = ctx.keys.g.pow(credentialSecret);
  const s0 = `${ctx.fingerprint}|${credential}`;
  const randomness = plaintexts.map((plaintext) => plaintext.map(() => randomZq()));
  const answers = ctx.questions.map((question, i) =>
    encryptAnswer(ctx.keys, s0, question, plaintexts[i]!, randomness[i]!),
  );
  const unsigned = { electionUuid: ctx.uuid, electionHash: ctx.fingerprint, credential, answers };
  const hash = sha256B64(serializeBallot(unsigned));
  const proof = proveSchnorr(credentialSecret, sigInput(hash));
  return { ballot: { ...unsigned, signature: { hash, proof } }, randomness };
}

/** Why a ballot was refused; undefined when it is valid for the election. */
export type BallotDefect =
  'wrong-election' | 'wrong-shape' | 'bad-credential' | 'bad-signature' | 'bad-proof';

/**
 * Checks a parsed ballot completely against its election: uuid and fingerprint, the credential's
 * group membership, the signature over the ballot without it, and every proof. Whether the
 * credential is on the election's list is the caller's check.
 */
export function checkBallot(ctx: BallotContext, ballot: Ballot): BallotDefect | undefined {
  if (ballot.electionUuid !== ctx.uuid || ballot.electionHash !== ctx.fingerprint)
    return 'wrong-election';
  if (ballot.answers.length !== ctx.questions.length) return 'wrong-shape';
  if (!isMember(ballot.credential)) return 'bad-credential';
  const { signature, ...unsigned } = ballot;
  if (signature.hash !== sha256B64(serializeBallot(unsigned))) return 'bad-signature';
  if (!verifySchnorr(ballot.credential, signature.proof, sigInput(signature.hash)))
    return 'bad-signature';
  const s0 = `${ctx.fingerprint}|${ballot.credential}`;
  for (let i = 0; i < ctx.questions.length; i++) {
    if (!verifyAnswer(ctx.keys, s0, ctx.questions[i]!, ballot.answers[i]!)) return 'bad-proof';
  }
  return undefined;
}

const proofJson = (p: Proof) => ({ challenge: String(p.challenge), response: String(p.response) });
const ciphertextJson = (c: Ciphertext) => ({ alpha: String(c.alpha), beta: String(c.beta) });

function answerJson(a: Answer) {
  return {
    choices: a.choices.map(ciphertextJson),
    individual_proofs: a.individualProofs.map((ps) => ps.map(proofJson)),
    overall_proof: a.overallProof.map(proofJson),
    ...(a.blankProof ? { blank_proof: a.blankProof.map(proofJson) } : {}),
  };
}

/** The canonical bytes of a ballot (without its signature when it has none). */
export function serializeBallot(
  b: Omit<Ballot, 'signature'> & { signature?: Ballot['signature'] },
): string {
  return JSON.stringify({
    election_uuid: b.electionUuid,
    election_hash: b.electionHash,
    credential: String(b.credential),
    answers: b.answers.map(answerJson),
    ...(b.signature
      ? { signature: { hash: b.signature.hash, proof: proofJson(b.signature.proof) } }
      : {}),
  });
}

/** The smart ballot tracker (§4.15): the voter's Kode Bukti. */
export function ballotTracker(serialized: string): string {
  return sha256B64(serialized);
}
