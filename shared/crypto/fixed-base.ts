/**
 * Fixed-base exponentiation with precomputed windows: for a base used many times (g, the election
 * key y, a credential), base^e costs one multiplication per window instead of a full
 * square-and-multiply. Exponents are reduced mod q, so the base must lie in the order-q subgroup.
 */
import { modQ, mul, q } from './group.ts';

const EXPONENT_BITS = q.toString(2).length;

/** A base with its window table; `pow(e)` = base^e mod p. */
export class FixedBase {
  readonly base: bigint;
  private readonly width: bigint;
  private readonly mask: bigint;
  private readonly table: bigint[][];

  constructor(base: bigint, windowBits = 8) {
    this.base = base;
    this.width = BigInt(windowBits);
    this.mask = (1n << this.width) - 1n;
    const windows = Math.ceil(EXPONENT_BITS / windowBits);
    const size = 1 << windowBits;
    this.table = [];
    let start = base; // base^(2^(w·i))
    for (let i = 0; i < windows; i++) {
      const row: bigint[] = [1n, start];
      for (let d = 2; d < size; d++) row.push(mul(row[d - 1]!, start));
      this.table.push(row);
      start = mul(row[size - 1]!, start);
    }
  }

  /** base^exponent mod p, for any integer exponent (taken mod q). */
  pow(exponent: bigint): bigint {
    let e = modQ(exponent);
    let result = 1n;
    for (let i = 0; e > 0n; i++) {
      const digit = Number(e & this.mask);
      if (digit) result = mul(result, this.table[i]![digit]!);
      e >>= this.width;
    }
    return result;
  }
}
