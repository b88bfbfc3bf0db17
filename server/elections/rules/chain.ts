import { createHash } from 'node:crypto';

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

/**
 * The ballot chain is built over ballots in receipt-hash order, never in casting order: receipt
 * hashes are random, so the chain commits to every ballot without recording when any was cast.
 */
export const ballotChainOrder = <T extends { receiptHash: string }>(ballots: T[]) =>
  [...ballots].sort((a, b) =>
    a.receiptHash < b.receiptHash ? -1 : a.receiptHash > b.receiptHash ? 1 : 0,
  );
