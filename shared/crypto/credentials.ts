/**
 * Voting credentials (§3.1, §4.8): a 15-character Base58 secret, shown as XXX-XXX-XXX-XXX-XXX,
 * whose last character is a checksum; its secret exponent is PBKDF2-HMAC-SHA256 of the dashed
 * string with the election uuid as salt (1,000 iterations, one 32-byte block) read mod q, and
 * its public credential is g^secret.
 */
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { modQ } from './group.ts';
import { G } from './keys.ts';
import { randomChars } from './random.ts';
import { BASE58, checksumChar, dashed } from './credential-format.ts';

export { BASE58, isValidCredential } from './credential-format.ts';

/** A new private credential, dashed. */
export function generateCredential(): string {
  const body = randomChars(BASE58, 14);
  return dashed(body + checksumChar(body));
}

/** secret(c): the credential's signing exponent for the election `uuid`. */
export function credentialSecret(credential: string, uuid: string): bigint {
  const key = pbkdf2(sha256, credential, uuid, { c: 1000, dkLen: 32 });
  return modQ(BigInt('0x' + bytesToHex(key)));
}

/** public(c) = g^secret(c), the public credential published in the record. */
export function publicCredential(credential: string, uuid: string): bigint {
  return G().pow(credentialSecret(credential, uuid));
}
