import { scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing: scrypt with better-auth's parameters (N = 16384, r = 16, p = 1, a 64-byte
 * key), written as better-auth writes it (`salt:key`, hex), so hashes made before and after read
 * alike. The cost N is a parameter of the server instance, never of the environment: production
 * always runs at PRODUCTION_SCRYPT_N; the test suite starts its servers with a lower N (a hash then
 * records its N as a third field, `salt:key:N`) so that hundreds of sign-ups do not spend minutes
 * hashing. Verification reads N from the hash, whatever the instance's own cost.
 */

export const PRODUCTION_SCRYPT_N = 16384;
const R = 16;
const P = 1;
const KEY_BYTES = 64;

export type Passwords = {
  hash: (password: string) => Promise<string>;
  verify: (hash: string, password: string) => Promise<boolean>;
};

function derive(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N: n, r: R, p: P, maxmem: 128 * n * R * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export function passwords(n: number = PRODUCTION_SCRYPT_N): Passwords {
  if (!Number.isInteger(Math.log2(n)) || n < 2) throw new Error('scrypt N must be a power of two');
  return {
    async hash(password) {
      const salt = hex(crypto.getRandomValues(new Uint8Array(16)));
      const key = hex(await derive(password, salt, n));
      return n === PRODUCTION_SCRYPT_N ? `${salt}:${key}` : `${salt}:${key}:${n}`;
    },
    async verify(hash, password) {
      const [salt, key, cost] = hash.split(':');
      if (!salt || !key) return false;
      const hashN = cost === undefined ? PRODUCTION_SCRYPT_N : Number(cost);
      if (!Number.isInteger(hashN) || hashN < 2 || hashN > PRODUCTION_SCRYPT_N) return false;
      const expected = Buffer.from(key, 'hex');
      if (expected.length !== KEY_BYTES) return false;
      return timingSafeEqual(await derive(password, salt, hashN), expected);
    },
  };
}
