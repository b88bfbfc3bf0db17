/**
 * Variable-base modular exponentiation through OpenSSL for the crypto core: a Diffie–Hellman
 * object over (p, g) computes base^exponent mod p as computeSecret(base) with the exponent as its
 * private key — several times faster than BigInt for 2048-bit numbers. OpenSSL refuses the
 * degenerate bases 0, 1 and p−1, which then go through the BigInt engine.
 */
import crypto from 'node:crypto';
import { bigintModPow, g, p, setModPow, type ModPow } from '../../shared/crypto/group.ts';

const BYTES = 256;

function toBuffer(x: bigint): Buffer {
  return Buffer.from(x.toString(16).padStart(BYTES * 2, '0'), 'hex');
}

/** An engine bound to one DH object (not shared between threads). */
export function opensslModPow(): ModPow {
  const dh = crypto.createDiffieHellman(toBuffer(p), toBuffer(g));
  return (base, exponent) => {
    if (exponent === 0n) return 1n;
    if (base <= 1n || base >= p - 1n || exponent < 0n) return bigintModPow(base, exponent);
    try {
      dh.setPrivateKey(toBuffer(exponent));
      return BigInt('0x' + dh.computeSecret(toBuffer(base)).toString('hex'));
    } catch {
      return bigintModPow(base, exponent);
    }
  };
}

/** Installs the OpenSSL engine for this process's crypto core. */
export function useOpensslModPow(): void {
  setModPow(opensslModPow());
}
