/**
 * The ballot chain is built over ballots in receipt-hash order, never in casting order: receipt
 * hashes are random, so the chain commits to every ballot without recording when any was cast.
 */
export const ballotChainOrder = <T extends { receiptHash: string }>(ballots: T[]) =>
  [...ballots].sort((a, b) =>
    a.receiptHash < b.receiptHash ? -1 : a.receiptHash > b.receiptHash ? 1 : 0,
  );
