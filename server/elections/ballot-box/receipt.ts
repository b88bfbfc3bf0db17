import { randomBytes } from 'node:crypto';

// Crockford base32: no I, L, O or U, so a receipt read aloud or copied by hand survives.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new receipt (Kode Bukti): 80 random bits as XXXX-XXXX-XXXX-XXXX. */
export function newReceipt(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out.match(/.{4}/g)!.join('-');
}

/** Normalises what a person typed: case, spaces, dashes, and the letters people confuse with digits. */
export function normalizeReceipt(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(s)) return null;
  return s.match(/.{4}/g)!.join('-');
}
