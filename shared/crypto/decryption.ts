/**
 * The encrypted tally (§4.16), partial decryptions with their proofs (§4.18) and the result
 * (§4.19): factors combined per trustee item (Lagrange coefficients at 0 for a Pedersen group)
 * and a bounded discrete logarithm per slot.
 */
import type { Ciphertext } from './elgamal.ts';
import { div, inv, isMember, modQ, mul, pow, q } from './group.ts';
import { G } from './keys.ts';
import { proveEqualLogs, verifyEqualLogs, type Proof } from './proofs.ts';
import type { TrusteeKind } from './trustees.ts';

/** One trustee's decryption factors and proofs, shaped like the tally (question × slot). */
export type PartialDecryption = { factors: bigint[][]; proofs: Proof[][] };

const decryptInput = (fingerprint: string, x: bigint) => (a: bigint, b: bigint) =>
  `decrypt|${fingerprint}|${x}|${a},${b}`;

/** Slot-wise product of ballots' ciphertexts: one row per question (weights of 1). */
export function encryptedTally(
  ballots: readonly (readonly Ciphertext[][])[],
  shape: readonly number[],
): Ciphertext[][] {
  const tally = shape.map((slots) =>
    Array.from({ length: slots }, () => ({ alpha: 1n, beta: 1n })),
  );
  for (const answers of ballots) {
    answers.forEach((choices, i) =>
      choices.forEach((c, j) => {
        const t = tally[i]![j]!;
        t.alpha = mul(t.alpha, c.alpha);
        t.beta = mul(t.beta, c.beta);
      }),
    );
  }
  return tally;
}

/** A trustee's partial decryption of the tally with its private key x. */
export function partialDecrypt(
  fingerprint: string,
  x: bigint,
  tally: readonly Ciphertext[][],
): PartialDecryption {
  // A key is never raised to anything outside the group: a crafted ciphertext of small order
  // would leak the key modulo that order.
  if (!tally.every((row) => row.every((c) => isMember(c.alpha))))
    throw new Error('tally ciphertext outside the group');
  const publicKey = G().pow(x);
  const input = decryptInput(fingerprint, publicKey);
  return {
    factors: tally.map((row) => row.map((c) => pow(c.alpha, x))),
    proofs: tally.map((row) => row.map((c) => proveEqualLogs(x, c.alpha, input))),
  };
}

/** Whether a partial decryption has the tally's shape, group elements and valid proofs for key X. */
export function verifyPartialDecryption(
  fingerprint: string,
  publicKey: bigint,
  tally: readonly Ciphertext[][],
  pd: PartialDecryption,
): boolean {
  const input = decryptInput(fingerprint, publicKey);
  if (pd.factors.length !== tally.length || pd.proofs.length !== tally.length) return false;
  return tally.every((row, i) => {
    const factors = pd.factors[i]!;
    const proofs = pd.proofs[i]!;
    if (factors.length !== row.length || proofs.length !== row.length) return false;
    return row.every(
      (c, j) =>
        isMember(factors[j]!) &&
        verifyEqualLogs(publicKey, c.alpha, factors[j]!, proofs[j]!, input),
    );
  });
}

/** λ_δ = ∏_{k∈I, k≠δ} k/(k−δ) mod q, for 1-based positions I inside a Pedersen group. */
export function lagrange(indexes: readonly number[], delta: number): bigint {
  let num = 1n;
  let den = 1n;
  for (const k of indexes) {
    if (k === delta) continue;
    num = modQ(num * BigInt(k));
    den = modQ(den * BigInt(k - delta));
  }
  return modQ(num * modInverseQ(den));
}

function modInverseQ(a: bigint): bigint {
  // Extended Euclid in Z_q (q is prime).
  let [r0, r1] = [modQ(a), q];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const t = r0 / r1;
    [r0, r1] = [r1, r0 - t * r1];
    [s0, s1] = [s1, s0 - t * s1];
  }
  if (r0 !== 1n) throw new Error('not invertible');
  return modQ(s0);
}

/** The trustee public key of each owner id (1-based, over the flattened trustees structure). */
export function ownerKeys(trustees: readonly TrusteeKind[]): bigint[] {
  return trustees.flatMap((item) =>
    item.kind === 'Single'
      ? [item.key.publicKey]
      : item.params.verificationKeys.map((k) => k.publicKey),
  );
}

/**
 * Combines valid partial decryptions (by owner id) into the synthetic factors F: every Single
 * item's own factor, and for each Pedersen item the first `threshold` owners in id order.
 * Returns undefined when some item lacks the factors it needs.
 */
export function combineFactors(
  trustees: readonly TrusteeKind[],
  decryptions: ReadonlyMap<number, PartialDecryption>,
  shape: readonly number[],
): bigint[][] | undefined {
  const combined = shape.map((slots) => Array.from({ length: slots }, () => 1n));
  let owner = 1;
  for (const item of trustees) {
    if (item.kind === 'Single') {
      const pd = decryptions.get(owner);
      if (!pd) return undefined;
      combined.forEach((row, i) => row.forEach((f, j) => (row[j] = mul(f, pd.factors[i]![j]!))));
      owner += 1;
      continue;
    }
    const n = item.params.verificationKeys.length;
    const present = Array.from({ length: n }, (_, d) => d + 1).filter((d) =>
      decryptions.has(owner + d - 1),
    );
    const used = present.slice(0, item.params.threshold);
    if (used.length < item.params.threshold) return undefined;
    for (const d of used) {
      const pd = decryptions.get(owner + d - 1)!;
      const lambda = lagrange(used, d);
      combined.forEach((row, i) =>
        row.forEach((f, j) => (row[j] = mul(f, pow(pd.factors[i]![j]!, lambda)))),
      );
    }
    owner += n;
  }
  return combined;
}

/** log_g h for 0 ≤ log ≤ max (baby-step giant-step), or undefined. */
export function boundedLog(h: bigint, max: number): number | undefined {
  const m = Math.max(1, Math.ceil(Math.sqrt(max + 1)));
  const baby = new Map<bigint, number>();
  let e = 1n;
  for (let j = 0; j < m; j++) {
    if (!baby.has(e)) baby.set(e, j);
    e = mul(e, G().pow(1n));
  }
  const giant = inv(G().pow(BigInt(m)));
  let gamma = h;
  for (let i = 0; i * m <= max; i++) {
    const j = baby.get(gamma);
    if (j !== undefined && i * m + j <= max) return i * m + j;
    gamma = mul(gamma, giant);
  }
  return undefined;
}

/** The counts per slot: log_g(β / F) for every tally ciphertext, each at most `max`. */
export function decryptCounts(
  tally: readonly Ciphertext[][],
  factors: readonly bigint[][],
  max: number,
): (number | undefined)[][] {
  return tally.map((row, i) => row.map((c, j) => boundedLog(div(c.beta, factors[i]![j]!), max)));
}
