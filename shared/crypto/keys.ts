/** The generator's table, shared by every computation, and a per-election key table. */
import { FixedBase } from './fixed-base.ts';
import { g } from './group.ts';

let generator: FixedBase | undefined;

/** g as a fixed base (built on first use: about 8,000 multiplications). */
export function G(): FixedBase {
  generator ??= new FixedBase(g);
  return generator;
}

/** The two fixed bases every ballot proof uses: g and the election public key y. */
export type ElectionKeys = { g: FixedBase; y: FixedBase };

/** Builds the tables for an election public key y (a subgroup member, checked by the caller). */
export function electionKeys(y: bigint): ElectionKeys {
  return { g: G(), y: new FixedBase(y) };
}
