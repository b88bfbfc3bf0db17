import type { Question } from '../../../shared/crypto/ballot.ts';
import { ABSTAIN, ballotChoices, type BallotOptions } from '../rules/ballot.ts';

export type QuestionCandidate = {
  id: string;
  nomorUrut: number;
  namaKetua: string;
  namaWakil: string;
};

/**
 * The one homomorphic question of a verifiable election: the candidate pairs in ballot order,
 * then "Kotak Kosong" when a lone pair runs against it; choose exactly one. When the election
 * allows abstaining, abstention is the blank ballot (the question's leading blank slot).
 *
 * `slots` names what each plaintext slot counts, in slot order (the blank slot first when there
 * is one), with the same choice strings as the plaintext ballot box: candidate ids, then
 * KOTAK_KOSONG and ABSTAIN.
 */
export function electionQuestion(
  candidates: readonly QuestionCandidate[],
  options: BallotOptions,
): { question: Question; slots: string[] } {
  const ordered = [...candidates].sort((a, b) => a.nomorUrut - b.nomorUrut);
  const choices = ballotChoices(
    ordered.map((c) => c.id),
    options,
  ).filter((c) => c !== ABSTAIN);
  const label = (choice: string) => {
    const c = ordered.find((x) => x.id === choice);
    if (!c) return 'Kotak Kosong';
    const pair = c.namaWakil ? `${c.namaKetua} & ${c.namaWakil}` : c.namaKetua;
    return `${String(c.nomorUrut).padStart(2, '0')}. ${pair}`;
  };
  const question: Question = {
    answers: choices.map(label),
    ...(options.abstain ? { blank: true } : {}),
    min: 1,
    max: 1,
    question: 'Pilih satu pasangan calon',
  };
  return { question, slots: options.abstain ? [ABSTAIN, ...choices] : choices };
}

/** The plaintext vector that chooses `choice` (a slot name), or undefined if it is not one. */
export function plaintextFor(slots: readonly string[], choice: string): number[] | undefined {
  const at = slots.indexOf(choice);
  if (at < 0) return undefined;
  return slots.map((_, i) => (i === at ? 1 : 0));
}
