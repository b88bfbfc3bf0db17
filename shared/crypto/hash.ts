/**
 * The three ways the Belenios 2.0 record writes a SHA-256 digest (§4.2, §4.15): lowercase hex for
 * links inside the record, unpadded standard base64 for the election fingerprint and ballot
 * trackers, and a big-endian integer mod q for Fiat–Shamir challenges.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { q } from './group.ts';

const encoder = (s: string | Uint8Array) => (typeof s === 'string' ? utf8ToBytes(s) : s);

/** SHA-256 of a UTF-8 string or bytes, in lowercase hex (type H of §4.2). */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(encoder(data)));
}

/** SHA-256 in standard base64 with the '=' padding removed (fingerprints and trackers). */
export function sha256B64(data: string | Uint8Array): string {
  const digest = sha256(encoder(data));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '');
}

/** SHA-256 of a string read as a 256-bit big-endian number, reduced mod q (challenges). */
export function hashToZq(data: string): bigint {
  return BigInt('0x' + sha256Hex(data)) % q;
}
