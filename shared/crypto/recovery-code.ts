/**
 * The committee's recovery code (Kode Pemulihan Kredensial): 24 Base58 characters shown in groups
 * of four, the last one a checksum. Made in the committee's browser before the lock; with it,
 * and only with it, the server can send a voter's lost credential again
 * (server/crypto/credential-recovery.ts). No group arithmetic, so the committee's page loads
 * little.
 *
 * Each voter's credential is sealed under a key of its own, derived from the code, the election's
 * uuid and the NIM (HKDF-SHA256). To send one credential again the committee's browser derives
 * that voter's key and sends only it: the server never sees the code after the lock, and one key
 * opens one credential.
 */
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
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

const INFO = 'bem-evoting credential recovery v1';
const encoder = new TextEncoder();

/** The key that seals `nim`'s credential in the election `uuid` (hex), from the canonical code. */
export function recoveryKeyFor(code: string, uuid: string, nim: string): string {
  return bytesToHex(
    hkdf(sha256, encoder.encode(code), encoder.encode(uuid), encoder.encode(`${INFO}|${nim}`), 32),
  );
}
