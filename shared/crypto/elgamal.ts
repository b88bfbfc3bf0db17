/** Exponential ElGamal over the election key (§4.11.1): (α, β) = (g^r, y^r·g^m). */
import { mul } from './group.ts';
import type { ElectionKeys } from './keys.ts';

/** An ElGamal ciphertext. */
export type Ciphertext = { alpha: bigint; beta: bigint };

/** Encrypts the small integer m with randomness r. */
export function encrypt(keys: ElectionKeys, m: bigint, r: bigint): Ciphertext {
  return { alpha: keys.g.pow(r), beta: mul(keys.y.pow(r), keys.g.pow(m)) };
}

/** The slot-wise product of ciphertexts: an encryption of the sum of their plaintexts. */
export function combine(cts: readonly Ciphertext[]): Ciphertext {
  let alpha = 1n;
  let beta = 1n;
  for (const c of cts) {
    alpha = mul(alpha, c.alpha);
    beta = mul(beta, c.beta);
  }
  return { alpha, beta };
}
