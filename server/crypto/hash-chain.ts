import { createHash } from 'node:crypto';

/** A hash chain: each link commits to the one before it (the ballot chain and the audit log). */
export const GENESIS = '0'.repeat(64);

/** One link: the hash of the previous link and this entry's digest. */
export const link = (prev: string, digest: string) =>
  createHash('sha256').update(`${prev}:${digest}`).digest('hex');

/** The head of a chain over digests in the order given. */
export function chainHead(digests: Iterable<string>, start = GENESIS): string {
  let h = start;
  for (const d of digests) h = link(h, d);
  return h;
}
