import { createHash } from 'node:crypto';

/**
 * The ballot format. Version 1 is a plain choice; a later version will carry a ciphertext made in
 * the browser (homomorphic tally with zero-knowledge proofs, as Helios and Belenios do), and only
 * this module, the ballot box commands and the voting screen change for it.
 */
export const BALLOT_FORMAT = 1;

/** The non-candidate choices a ballot can hold. */
export const KOTAK_KOSONG = 'kotak-kosong';
export const ABSTAIN = 'abstain';

export type BallotOptions = { kotakKosong: boolean; abstain: boolean };

/** The choices on one election's ballot, in ballot order. */
export function ballotChoices(candidateIds: readonly string[], options: BallotOptions): string[] {
  const choices = [...candidateIds];
  // "Kotak Kosong" exists only against a single candidate, so a lone candidate can still lose.
  if (candidateIds.length === 1 && options.kotakKosong) choices.push(KOTAK_KOSONG);
  if (options.abstain) choices.push(ABSTAIN);
  return choices;
}

/** The content of a stored ballot, as hashed into its own digest and the ballot chain. */
export type BallotRecord = {
  electionId: string;
  receiptHash: string;
  choice: string;
  format: number;
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A receipt (Kode Bukti) as stored: only its hash, so the table cannot be used to forge one. */
export const hashReceipt = (receipt: string) =>
  sha256(`bem-receipt:v1:${receipt.trim().toUpperCase()}`);

/** The digest of one ballot; any change to a stored ballot changes it. */
export const ballotDigest = (b: BallotRecord) =>
  sha256(`bem-ballot:v${b.format}\n${b.electionId}\n${b.receiptHash}\n${b.choice}`);
