import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ballots, candidates, participation } from '../../db/schema/index.ts';
import { ABSTAIN, ballotChoices, ballotDigest, KOTAK_KOSONG } from '../rules/ballot.ts';
import { chainHead } from '../../crypto/hash-chain.ts';
import { ballotChainOrder } from '../rules/chain.ts';
import { kotakKosongWon, tally } from '../rules/tally.ts';
import type { BallotExamination, ResultOption } from './compute-results.ts';
import type { ElectionRow } from './election-row.ts';

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0;

/**
 * Reads every ballot of the election and recomputes from them alone: the count per choice, each
 * ballot's digest and the ballot chain head. Nothing is hidden: every inconsistency becomes one
 * Indonesian line in `problems`. Callers decide whether the counts may be shown to anyone.
 */
export async function examineBallots(db: Db, election: ElectionRow): Promise<BallotExamination> {
  const problems: string[] = [];
  const cands = await db
    .select()
    .from(candidates)
    .where(eq(candidates.electionId, election.id))
    .orderBy(asc(candidates.nomorUrut));
  const choices = ballotChoices(
    cands.map((c) => c.id),
    election,
  );
  const rows = await db
    .select({
      receiptHash: ballots.receiptHash,
      choice: ballots.choice,
      format: ballots.format,
      digest: ballots.digest,
    })
    .from(ballots)
    .where(eq(ballots.electionId, election.id));
  const [p] = await db
    .select({ n: count() })
    .from(participation)
    .where(eq(participation.electionId, election.id));
  const participationCount = p?.n ?? 0;

  const onBallot = new Set(choices);
  const counted = new Map<string, number>();
  const outside = new Map<string, number>();
  const digests: string[] = [];
  let badDigests = 0;
  for (const b of ballotChainOrder(rows)) {
    const digest = ballotDigest({ ...b, electionId: election.id });
    digests.push(digest);
    if (digest !== b.digest) {
      badDigests++;
      if (badDigests <= 20)
        problems.push(
          `Surat suara ${b.receiptHash.slice(0, 12)}…: isinya tidak cocok dengan digest yang tersimpan.`,
        );
    }
    if (b.format !== election.ballotFormat)
      problems.push(
        `Surat suara ${b.receiptHash.slice(0, 12)}…: format ${b.format}, seharusnya ${election.ballotFormat}.`,
      );
    const target = onBallot.has(b.choice) ? counted : outside;
    target.set(b.choice, (target.get(b.choice) ?? 0) + 1);
  }
  if (badDigests > 20)
    problems.push(`…dan ${badDigests - 20} surat suara lain yang digest-nya tidak cocok.`);
  for (const [choice, n] of outside)
    problems.push(
      `${n} surat suara berisi pilihan di luar surat suara (${choice.slice(0, 40)}); tidak dihitung.`,
    );
  if (participationCount !== rows.length)
    problems.push(
      `Jumlah tanda partisipasi (${participationCount}) tidak sama dengan jumlah surat suara (${rows.length}).`,
    );

  const t = tally(choices, counted);
  const byId = new Map(cands.map((c) => [c.id, c]));
  const labelOf = (choice: string) => {
    if (choice === KOTAK_KOSONG) return 'Kotak Kosong';
    if (choice === ABSTAIN) return 'Abstain';
    const c = byId.get(choice);
    return c ? `${c.nomorUrut}. ${c.namaKetua}${c.namaWakil ? ` & ${c.namaWakil}` : ''}` : choice;
  };
  const options: ResultOption[] = choices
    .filter((c) => c !== ABSTAIN)
    .map((choice) => {
      const c = byId.get(choice);
      const votes = t.counts[choice] ?? 0;
      return {
        choice,
        kind: c ? 'candidate' : 'kotak-kosong',
        candidateId: c?.id ?? null,
        nomorUrut: c?.nomorUrut ?? null,
        namaKetua: c?.namaKetua ?? 'Kotak Kosong',
        namaWakil: c?.namaWakil ?? '',
        label: labelOf(choice),
        votes,
        percent: pct(votes, t.valid),
      };
    });
  const abstainVotes = election.abstain ? (t.counts[ABSTAIN] ?? 0) : 0;
  return {
    options,
    abstain: election.abstain
      ? { votes: abstainVotes, percentOfBallots: pct(abstainVotes, t.total) }
      : null,
    totals: { ballots: rows.length, valid: t.valid, abstain: abstainVotes },
    winner: t.winner ? { choice: t.winner, label: labelOf(t.winner) } : null,
    tie: t.tie,
    kotakKosongWon: kotakKosongWon(t),
    choiceCounts: t.counts,
    ballotCount: rows.length,
    badDigests,
    participationCount,
    head: chainHead(digests),
    problems,
  };
}
