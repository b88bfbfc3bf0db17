/**
 * Encryption of a backup under a passphrase: scrypt (memory-hard, salt in the envelope) turns the
 * passphrase into an AES-256-GCM key and a check value; the compressed content is sealed in
 * chunks. Each chunk is u32 length + ciphertext + tag; its plaintext is a flag byte (1 on the last
 * chunk, else 0) and up to `chunkBytes` of content; its nonce is its position (96-bit counter,
 * unique because every file has its own salt, hence its own key); its additional data is the
 * SHA-256 of the magic line and the envelope. A chunk changed, moved, dropped or added, an edited
 * envelope and a file cut anywhere all fail to open.
 */
import { createCipheriv, createDecipheriv, createHash, scrypt, timingSafeEqual } from 'node:crypto';
import { ByteReader } from './byte-reader.ts';
import { DamagedBackupError, TruncatedBackupError, WrongPassphraseError } from './errors.ts';
import type { ScryptParams } from './format.ts';

/** scrypt's cost for a backup: 128 MiB and about a second (OWASP's N = 2^17, r = 8, p = 1). */
export const BACKUP_KDF: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Content bytes per encrypted chunk (16 + 5 bytes of overhead each). */
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const NONCE_BYTES = 12;

/** The most a backup's envelope may ask scrypt for (a damaged one must not exhaust memory). */
export function acceptableKdf(p: ScryptParams): boolean {
  const int = (x: unknown, min: number, max: number) =>
    Number.isInteger(x) && (x as number) >= min && (x as number) <= max;
  return int(p.N, 2, 2 ** 20) && (p.N & (p.N - 1)) === 0 && int(p.r, 1, 16) && int(p.p, 1, 4);
}

export type SealingKey = { key: Buffer; check: Buffer };

/** The AES key and the check value derived from a passphrase (NFC) and the file's salt. */
export async function deriveKey(
  passphrase: string,
  salt: Uint8Array,
  params: ScryptParams,
): Promise<SealingKey> {
  const out = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      64,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  return { key: out.subarray(0, 32), check: out.subarray(32, 48) };
}

/** A wrong passphrase is told apart from a damaged file by the check value. */
export function checkPassphrase(key: SealingKey, expected: Buffer) {
  if (expected.length !== key.check.length || !timingSafeEqual(expected, key.check))
    throw new WrongPassphraseError();
}

export const associatedData = (magicAndEnvelope: Buffer) =>
  createHash('sha256').update(magicAndEnvelope).digest();

function nonce(index: number): Buffer {
  const n = Buffer.alloc(NONCE_BYTES);
  n.writeBigUInt64BE(BigInt(index), NONCE_BYTES - 8);
  return n;
}

function seal(key: Buffer, aad: Buffer, index: number, last: boolean, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonce(index));
  cipher.setAAD(aad);
  const body = Buffer.concat([
    cipher.update(Buffer.from([last ? 1 : 0])),
    cipher.update(data),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
}

/** Seals a stream of content into chunks (a pipeline stage). */
export function encryptStream(key: Buffer, aad: Buffer, chunkBytes = CHUNK_BYTES) {
  return async function* (source: AsyncIterable<Buffer>) {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let index = 0;
    for await (const piece of source) {
      pending.push(piece);
      pendingBytes += piece.length;
      // A chunk leaves only once more content follows it: the last one is known at the end.
      while (pendingBytes > chunkBytes) {
        const all = Buffer.concat(pending);
        yield seal(key, aad, index++, false, all.subarray(0, chunkBytes));
        pending = [all.subarray(chunkBytes)];
        pendingBytes = pending[0]!.length;
      }
    }
    yield seal(key, aad, index, true, Buffer.concat(pending));
  };
}

/** Opens a stream of sealed chunks into the content (a pipeline stage); throws on any damage. */
export function decryptStream(key: Buffer, aad: Buffer, chunkBytes: number) {
  return async function* (source: AsyncIterable<Buffer>) {
    const reader = new ByteReader(source);
    for (let index = 0; ; index++) {
      if (await reader.atEnd()) throw new TruncatedBackupError();
      const length = (await reader.read(4)).readUInt32BE(0);
      if (length < 1 + TAG_BYTES || length > chunkBytes + 1 + TAG_BYTES)
        throw new DamagedBackupError(`potongan terenkripsi ke-${index + 1} tidak sah`);
      const body = await reader.read(length);
      const decipher = createDecipheriv('aes-256-gcm', key, nonce(index));
      decipher.setAAD(aad);
      decipher.setAuthTag(body.subarray(length - TAG_BYTES));
      let plain: Buffer;
      try {
        plain = Buffer.concat([
          decipher.update(body.subarray(0, length - TAG_BYTES)),
          decipher.final(),
        ]);
      } catch {
        throw new DamagedBackupError(
          `potongan terenkripsi ke-${index + 1} tidak lolos autentikasi`,
        );
      }
      const last = plain[0] === 1;
      if (plain.length > 1) yield plain.subarray(1);
      if (last) {
        if (!(await reader.atEnd()))
          throw new DamagedBackupError('ada data setelah potongan terakhir');
        return;
      }
    }
  };
}
