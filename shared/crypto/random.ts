/** Randomness for the crypto core: only crypto.getRandomValues, in Node and in browsers. */
import { q } from './group.ts';

/** A uniformly random exponent in [0, q), by rejection sampling over 256-bit draws. */
export function randomZq(): bigint {
  const bytes = new Uint8Array(32);
  for (;;) {
    crypto.getRandomValues(bytes);
    let x = 0n;
    for (const b of bytes) x = (x << 8n) | BigInt(b);
    if (x < q) return x;
  }
}

/** `count` random characters of `alphabet`, without modulo bias. */
export function randomChars(alphabet: string, count: number): string {
  const limit = 256 - (256 % alphabet.length);
  const out: string[] = [];
  const buf = new Uint8Array(count * 2);
  while (out.length < count) {
    crypto.getRandomValues(buf);
    for (const b of buf) {
      if (b < limit && out.length < count) out.push(alphabet[b % alphabet.length]!);
    }
  }
  return out.join('');
}
