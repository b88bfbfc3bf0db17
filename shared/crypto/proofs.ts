/**
 * The zero-knowledge proofs of the Belenios 2.0 specification, all Fiat–Shamir with SHA-256 read
 * mod q: disjunctive Chaum–Pedersen proofs (interval §4.12, blank §4.13) and Schnorr proofs of
 * knowledge (trustee keys §4.5, signed messages §4.6.1, ballot signatures §4.14), plus the
 * decryption-factor proof (§4.18). Provers take their randomness from randomZq only.
 */
import { isExponent, modQ, mul, pow } from './group.ts';
import { hashToZq } from './hash.ts';
import type { ElectionKeys } from './keys.ts';
import { G } from './keys.ts';
import { randomZq } from './random.ts';

/** A (challenge, response) pair. */
export type Proof = { challenge: bigint; response: bigint };

/**
 * One branch of a disjunctive proof as the verifier sees it: the claim is that (u, v) has the
 * form (g^x, y^x) for some x.
 */
export type Branch = { u: bigint; v: bigint };

/**
 * The same branch as the prover knows it: u = g^r and v = y^r·g^d. The true branch has d = 0.
 * Knowing r and d lets the prover simulate the false branches with fixed-base tables only.
 */
export type KnownBranch = { r: bigint; d: bigint };

/** Builds the string hashed for a disjunctive proof from its flattened commitments A0,B0,…. */
export type OrHashInput = (commitments: readonly bigint[]) => string;

/** Proves that one of the branches holds, knowing that branch `real` does (its d is 0). */
export function proveOr(
  keys: ElectionKeys,
  branches: readonly KnownBranch[],
  real: number,
  hashInput: OrHashInput,
): Proof[] {
  const proofs: Proof[] = [];
  const commitments: bigint[] = [];
  const w = randomZq();
  let others = 0n;
  branches.forEach((b, j) => {
    if (j === real) {
      proofs.push({ challenge: 0n, response: 0n });
      commitments.push(keys.g.pow(w), keys.y.pow(w));
      return;
    }
    const challenge = randomZq();
    const response = randomZq();
    // A = g^resp·u^c = g^(resp + r·c); B = y^resp·v^c = y^(resp + r·c)·g^(d·c).
    const e = response + b.r * challenge;
    commitments.push(keys.g.pow(e), mul(keys.y.pow(e), keys.g.pow(b.d * challenge)));
    proofs.push({ challenge, response });
    others += challenge;
  });
  const challenge = modQ(hashToZq(hashInput(commitments)) - others);
  proofs[real] = { challenge, response: modQ(w - branches[real]!.r * challenge) };
  return proofs;
}

/** Verifies a disjunctive proof: one (challenge, response) per branch, challenges summing to H. */
export function verifyOr(
  keys: ElectionKeys,
  branches: readonly Branch[],
  proofs: readonly Proof[],
  hashInput: OrHashInput,
): boolean {
  if (proofs.length !== branches.length) return false;
  const commitments: bigint[] = [];
  let sum = 0n;
  for (let j = 0; j < branches.length; j++) {
    const { challenge, response } = proofs[j]!;
    if (!isExponent(challenge) || !isExponent(response)) return false;
    const { u, v } = branches[j]!;
    commitments.push(
      mul(keys.g.pow(response), pow(u, challenge)),
      mul(keys.y.pow(response), pow(v, challenge)),
    );
    sum += challenge;
  }
  return modQ(sum) === hashToZq(hashInput(commitments));
}

/** Schnorr proof of knowledge of x = log_g X, bound to the string `prefix|…|A`. */
export function proveSchnorr(x: bigint, hashInput: (a: bigint) => string): Proof {
  const w = randomZq();
  const challenge = hashToZq(hashInput(G().pow(w)));
  return { challenge, response: modQ(w - x * challenge) };
}

/** Verifies a Schnorr proof for the public value X. */
export function verifySchnorr(
  publicValue: bigint,
  proof: Proof,
  hashInput: (a: bigint) => string,
): boolean {
  const { challenge, response } = proof;
  if (!isExponent(challenge) || !isExponent(response)) return false;
  const a = mul(G().pow(response), pow(publicValue, challenge));
  return challenge === hashToZq(hashInput(a));
}

/**
 * Chaum–Pedersen proof that log_g X = log_α F (a decryption factor F = α^x for the key X = g^x),
 * hashed as `prefix|A,B` where the caller's prefix carries φ and X (§4.18).
 */
export function proveEqualLogs(
  x: bigint,
  alpha: bigint,
  hashInput: (a: bigint, b: bigint) => string,
): Proof {
  const w = randomZq();
  const challenge = hashToZq(hashInput(G().pow(w), pow(alpha, w)));
  return { challenge, response: modQ(w - x * challenge) };
}

/** Verifies a proof of proveEqualLogs for the key X, the base α and the factor F. */
export function verifyEqualLogs(
  publicValue: bigint,
  alpha: bigint,
  factor: bigint,
  proof: Proof,
  hashInput: (a: bigint, b: bigint) => string,
): boolean {
  const { challenge, response } = proof;
  if (!isExponent(challenge) || !isExponent(response)) return false;
  const a = mul(G().pow(response), pow(publicValue, challenge));
  const b = mul(pow(alpha, response), pow(factor, challenge));
  return challenge === hashToZq(hashInput(a, b));
}
