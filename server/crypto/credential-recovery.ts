/**
 * Sending a lost credential again without the server keeping it (after Belenios' credential
 * recovery): at lock each private credential is sealed with AES-256-GCM under a key derived
 * (HKDF-SHA256) from the committee's recovery code, bound to the election's uuid and the voter's
 * NIM; the server keeps only the sealed copies and forgets the code. To send one again the
 * committee gives the code back; the server opens that one credential, mails it and erases it
 * again. Without the code a sealed credential is useless.
 */
import { gcm } from '@noble/ciphers/aes.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

const INFO = 'bem-evoting credential recovery v1';
const NONCE_BYTES = 12;
const encoder = new TextEncoder();

function keyOf(code: string, uuid: string): Uint8Array {
  return hkdf(sha256, encoder.encode(code), encoder.encode(uuid), encoder.encode(INFO), 32);
}

const aad = (uuid: string, nim: string) => encoder.encode(`${uuid}|${nim}`);

/**
 * Seals the credentials of one election under a recovery code (canonical form): each comes back
 * as base64 of nonce ‖ ciphertext ‖ tag. The key is derived once for all of them.
 */
export function sealCredentials(
  code: string,
  uuid: string,
  credentials: readonly { nim: string; credential: string }[],
): string[] {
  const key = keyOf(code, uuid);
  return credentials.map(({ nim, credential }) => {
    const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
    const sealed = gcm(key, nonce, aad(uuid, nim)).encrypt(encoder.encode(credential));
    const out = new Uint8Array(NONCE_BYTES + sealed.length);
    out.set(nonce);
    out.set(sealed, NONCE_BYTES);
    return Buffer.from(out).toString('base64');
  });
}

/** Opens one sealed credential; undefined for a wrong code, another voter's copy or damage. */
export function openSealedCredential(
  code: string,
  uuid: string,
  nim: string,
  sealed: string,
): string | undefined {
  const bytes = new Uint8Array(Buffer.from(sealed, 'base64'));
  if (bytes.length <= NONCE_BYTES + 16) return undefined;
  try {
    const plain = gcm(keyOf(code, uuid), bytes.subarray(0, NONCE_BYTES), aad(uuid, nim)).decrypt(
      bytes.subarray(NONCE_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}
