/**
 * Sending a lost credential again without the server keeping it (after Belenios' credential
 * recovery): at lock each private credential is sealed with AES-256-GCM under its voter's key
 * (shared/crypto/recovery-code.ts: derived from the committee's recovery code, the election's
 * uuid and the NIM), bound to the uuid and the NIM; the server keeps only the sealed copies and
 * forgets the code. To send one again the committee's browser derives that voter's key and gives
 * it back; the server opens that one credential, mails it and erases it again.
 */
import { gcm } from '@noble/ciphers/aes.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { recoveryKeyFor } from '../../shared/crypto/recovery-code.ts';

const NONCE_BYTES = 12;
const encoder = new TextEncoder();

const aad = (uuid: string, nim: string) => encoder.encode(`${uuid}|${nim}`);

/**
 * Seals the credentials of one election under a recovery code (canonical form), each under its
 * voter's key: base64 of nonce ‖ ciphertext ‖ tag.
 */
export function sealCredentials(
  code: string,
  uuid: string,
  credentials: readonly { nim: string; credential: string }[],
): string[] {
  return credentials.map(({ nim, credential }) => {
    const key = hexToBytes(recoveryKeyFor(code, uuid, nim));
    const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
    const sealed = gcm(key, nonce, aad(uuid, nim)).encrypt(encoder.encode(credential));
    const out = new Uint8Array(NONCE_BYTES + sealed.length);
    out.set(nonce);
    out.set(sealed, NONCE_BYTES);
    return Buffer.from(out).toString('base64');
  });
}

/**
 * Opens one sealed credential with its voter's key (hex); undefined for a wrong key, another
 * voter's copy or damage.
 */
export function openSealedCredential(
  voterKey: string,
  uuid: string,
  nim: string,
  sealed: string,
): string | undefined {
  const bytes = new Uint8Array(Buffer.from(sealed, 'base64'));
  if (bytes.length <= NONCE_BYTES + 16 || !/^[0-9a-f]{64}$/.test(voterKey)) return undefined;
  try {
    const plain = gcm(hexToBytes(voterKey), bytes.subarray(0, NONCE_BYTES), aad(uuid, nim)).decrypt(
      bytes.subarray(NONCE_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}
