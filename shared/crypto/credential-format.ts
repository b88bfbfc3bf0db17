/**
 * The shape of a voting credential (§3.1): 15 Base58 characters shown as XXX-XXX-XXX-XXX-XXX, the
 * last one a checksum. Plain string work only, so a page can check what a voter typed without
 * loading any of the group arithmetic.
 */

/** The Base58 alphabet of the specification (no 0, O, I, l). */
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function checksumChar(body: string): string {
  let v = 0n;
  for (const ch of body) v = v * 58n + BigInt(BASE58.indexOf(ch));
  return BASE58[Number(53n - (v % 53n))]!;
}

export function dashed(chars: string): string {
  return chars.match(/.{3}/g)!.join('-');
}

/** Whether a string has the shape and checksum of a credential. */
export function isValidCredential(credential: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{3}(-[1-9A-HJ-NP-Za-km-z]{3}){4}$/.test(credential)) return false;
  const chars = credential.replaceAll('-', '');
  return checksumChar(chars.slice(0, 14)) === chars[14];
}
