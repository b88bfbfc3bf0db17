/**
 * The committee's recovery code (Kode Pemulihan Kredensial): 24 Base58 characters shown in groups
 * of four, the last one a checksum. Made in the committee's browser before the lock; with it,
 * and only with it, the server can send a voter's lost credential again
 * (credential-recovery.ts). Plain string work only, so the page loads no group arithmetic.
 */
import { BASE58, checksumChar } from './credential-format.ts';
import { randomChars } from './random.ts';

const LENGTH = 24;

/** A new recovery code, in groups of four. */
export function generateRecoveryCode(): string {
  const body = randomChars(BASE58, LENGTH - 1);
  return (body + checksumChar(body)).match(/.{4}/g)!.join('-');
}

/**
 * The code as typed (spaces and dashes ignored) in its canonical grouped form, or undefined when
 * it is not a recovery code: wrong length or characters, or a checksum that fails (a typo).
 */
export function normalizeRecoveryCode(input: string): string | undefined {
  const chars = input.replace(/[\s-]+/g, '');
  if (chars.length !== LENGTH || [...chars].some((c) => !BASE58.includes(c))) return undefined;
  if (checksumChar(chars.slice(0, -1)) !== chars.at(-1)) return undefined;
  return chars.match(/.{4}/g)!.join('-');
}
