import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ballots, candidates, participation } from '../../db/schema/index.ts';
import { ABSTAIN, ballotChoices, ballotDigest, KOTAK_KOSONG } from '../rules/ballot.ts';
import { chainHead } from '../../crypto/hash-chain.ts';
import { ballotChainOrder } from '../rules/chain.ts';
import { kotakKosongWon, tally } from '../rules/tally.ts';
import type { BallotExamination, ResultOption } from './compute-results.ts';
import { sealedError, type ElectionRow } from './election-row.ts';
import { ApiError } from '../../http/errors.ts';
import { readResult, readSizedTally } from '../../../shared/crypto/record/items.ts';
import { electionQuestion } from '../record/ballot-question.ts';
import { closeRecord } from '../record/close-record.ts';
import { recordEntriesOf, recordRow } from '../record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';

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
  const [p] = await db
    .select({ n: count() })
    .from(participation)
    .where(eq(participation.electionId, election.id));
  const participationCount = p?.n ?? 0;
  if (election.ballotFormat === ENCRYPTED_BALLOT_FORMAT)
    return examineRecord(db, election, cands, choices, participationCount);
  const rows = await db
    .select({
      receiptHash: ballots.receiptHash,
      choice: ballots.choice,
      format: ballots.format,
      digest: ballots.digest,
    })
    .from(ballots)
    .where(eq(ballots.electionId, election.id));

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

  return examination(election, cands, choices, counted, {
    ballotCount: rows.length,
    badDigests,
    participationCount,
    head: chainHead(digests),
    problems,
  });
}

type Candidate = typeof candidates.$inferSelect;

/** The options, totals and winner from the per-choice counts, beside how they were obtained. */
function examination(
  election: ElectionRow,
  cands: readonly Candidate[],
  choices: readonly string[],
  counted: ReadonlyMap<string, number>,
  box: Pick<
    BallotExamination,
    'ballotCount' | 'badDigests' | 'participationCount' | 'head' | 'problems'
  >,
): BallotExamination {
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
    totals: { ballots: box.ballotCount, valid: t.valid, abstain: abstainVotes },
    winner: t.winner ? { choice: t.winner, label: labelOf(t.winner) } : null,
    tie: t.tie,
    kotakKosongWon: kotakKosongWon(t),
    choiceCounts: t.counts,
    ...box,
  };
}

/**
 * A verifiable election's count: its record is closed first (once the polls are closed for good),
 * then the counts are the record's decrypted result, slot by slot. The ballots themselves are
 * checked by the verifiers (`npm run verify-election`, /verifikasi, belenios-tool); here the
 * record is compared with the participation marks.
 */
async function examineRecord(
  db: Db,
  election: ElectionRow,
  cands: readonly Candidate[],
  choices: readonly string[],
  participationCount: number,
): Promise<BallotExamination> {
  const problems: string[] = [];
  await closeRecord(db, election.id);
  const row = await recordRow(db, election.id);
  const entries = row ? await recordEntriesOf(db, election.id) : [];
  const data = new Map(entries.filter((e) => e.kind === 'data').map((e) => [e.hash, e.text]));
  const events = entries.flatMap((e) => (e.kind === 'event' ? [e.event] : []));
  const cast = events.filter((e) => e.type === 'Ballot').length;
  const tallied = events.find((e) => e.type === 'EncryptedTally');
  const result = events.find((e) => e.type === 'Result');
  const counted = new Map<string, number>();
  let ballotCount = cast;
  // No count before the record holds its result: while the polls are open it is sealed; once
  // closed, it waits for the trustees' decryptions (nothing is sealed or cached before then).
  if (row && !row.ballotsEnded) throw sealedError();
  if (row && (!result || !tallied))
    throw new ApiError(
      409,
      'AWAITING_DECRYPTION',
      'Hasil belum tersedia: pemungutan suara sudah ditutup dan hasilnya sedang dibuka oleh para wali kunci.',
    );
  if (!row) problems.push('Rekaman pemilihan tidak ditemukan.');
  else if (result && tallied) {
    ballotCount = readSizedTally(data.get(tallied.payload!)!).num_tallied;
    const counts = readResult(data.get(result.payload!)!)[0] ?? [];
    const { slots } = electionQuestion(cands, election);
    if (counts.length !== slots.length)
      problems.push(
        `Hasil memuat ${counts.length} pilihan, surat suara ${slots.length}; tidak dihitung.`,
      );
    else slots.forEach((slot, i) => counted.set(slot, counts[i]!));
    if (ballotCount !== cast)
      problems.push(
        `Jumlah surat suara yang ditally (${ballotCount}) tidak sama dengan yang tercatat (${cast}).`,
      );
  }
  if (participationCount !== cast)
    problems.push(
      `Jumlah tanda partisipasi (${participationCount}) tidak sama dengan jumlah surat suara (${cast}).`,
    );
  return examination(election, cands, choices, counted, {
    ballotCount,
    badDigests: 0,
    participationCount,
    head: row?.headHash ?? '',
    problems,
  });
}
