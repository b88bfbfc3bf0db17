import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ballots, candidates, elections, participation } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { ABSTAIN, ballotChoices, ballotDigest, KOTAK_KOSONG } from '../rules/ballot.ts';
import { ballotChainOrder, chainHead } from '../rules/chain.ts';
import {
  phaseOf,
  resultsPublic,
  resultsSealed,
  visibleToPublic,
  type Phase,
} from '../rules/lifecycle.ts';
import { kotakKosongWon, tally } from '../rules/tally.ts';
import { computeTurnout, type Turnout } from '../turnout.ts';
import { sealBallotChain } from './seal-results.ts';

export type ElectionRow = typeof elections.$inferSelect;

/** One option on the ballot with its votes (candidates in ballot order, then Kotak Kosong). */
export type ResultOption = {
  choice: string;
  kind: 'candidate' | 'kotak-kosong';
  candidateId: string | null;
  nomorUrut: number | null;
  namaKetua: string;
  namaWakil: string;
  label: string;
  votes: number;
  /** Share of the valid votes (abstentions excluded), in percent with two decimals. */
  percent: number;
};

export type ElectionSummary = {
  id: string;
  title: string;
  organizer: string;
  description: string;
  status: ElectionRow['status'];
  phase: Phase;
  startsAt: Date;
  endsAt: Date;
  resultsRelease: ElectionRow['resultsRelease'];
  ballotFormat: number;
  /** The one extension of the voting window, with its reason (public, like the schedule). */
  extension: { from: Date; to: Date; at: Date; reason: string } | null;
};

export type ElectionResults = {
  election: ElectionSummary;
  options: ResultOption[];
  /** Abstentions, shown apart from the candidates; null when the ballot has no abstain option. */
  abstain: { votes: number; percentOfBallots: number } | null;
  totals: { ballots: number; valid: number; abstain: number };
  winner: { choice: string; label: string } | null;
  tie: boolean;
  kotakKosongWon: boolean;
  turnout: Turnout;
  chain: {
    /** Recomputed now from the ballots in receipt-hash order. */
    head: string;
    /** As stored when the results were first computed after closing (null until then). */
    sealedHead: string | null;
  };
  /** Every mismatch found while counting; empty when the box is consistent. */
  problems: string[];
  computedAt: Date;
};

/** What counting the ballot box gives, before it is put next to the election's metadata. */
export type BallotExamination = {
  options: ResultOption[];
  abstain: ElectionResults['abstain'];
  totals: ElectionResults['totals'];
  winner: ElectionResults['winner'];
  tie: boolean;
  kotakKosongWon: boolean;
  /** Per-choice totals of the ballots that are on the ballot (zero included). */
  choiceCounts: Record<string, number>;
  ballotCount: number;
  /** Ballots whose stored digest differs from the one recomputed from their content. */
  badDigests: number;
  participationCount: number;
  head: string;
  problems: string[];
};

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0;

export const sealedError = () =>
  new ApiError(
    409,
    'RESULTS_SEALED',
    'Hasil belum tersedia. Perolehan suara dibuka setelah pemungutan suara ditutup.',
  );

export async function loadElection(db: Db, electionId: string): Promise<ElectionRow> {
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!election) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  return election;
}

/** How long the row of an election whose results are public is reused by the results page. */
export const PUBLIC_ROW_TTL_MS = 1000;
const publicRows = new Map<string, { row: ElectionRow; at: number }>();

/**
 * The election's row as the results page reads it. Once an election's sealed results are public
 * they stay public (announcing and archiving only relabel it): such a row is reused for up to
 * PUBLIC_ROW_TTL_MS, so a crowd opening the page costs one query a second. Every other row (not
 * sealed, or not released to everyone) is read afresh on every request, since its schedule and
 * status decide what may be shown. This process forgets a row as soon as it changes it
 * (forgetPublicRow); a change made by another instance shows here within the TTL.
 */
export async function loadElectionForResults(
  db: Db,
  electionId: string,
  now: Date,
): Promise<ElectionRow> {
  const memo = publicRows.get(electionId);
  if (memo && performance.now() - memo.at < PUBLIC_ROW_TTL_MS) return memo.row;
  const row = await loadElection(db, electionId);
  if (row.ballotChainHead !== null && visibleToPublic(row) && resultsPublic(row, now))
    publicRows.set(electionId, { row, at: performance.now() });
  else publicRows.delete(electionId);
  return row;
}

/** Drops the reused row of an election (this process has just changed it). */
export function forgetPublicRow(electionId: string) {
  publicRows.delete(electionId);
}

export function summarize(e: ElectionRow, now: Date): ElectionSummary {
  return {
    id: e.id,
    title: e.title,
    organizer: e.organizer,
    description: e.description,
    status: e.status,
    phase: phaseOf(e, now),
    startsAt: e.startsAt,
    endsAt: e.endsAt,
    resultsRelease: e.resultsRelease,
    ballotFormat: e.ballotFormat,
    extension:
      e.extendedAt && e.extendedFrom
        ? { from: e.extendedFrom, to: e.endsAt, at: e.extendedAt, reason: e.extensionReason ?? '' }
        : null,
  };
}

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

/**
 * The ballot-derived part of a result, computed once per sealed election and process. It is kept
 * under the seal it was counted against: a box is read for it only after the database said the
 * polls were closed for good, and ballots are append-only, so it cannot change while that seal
 * stands.
 */
type Cached = {
  examination: BallotExamination;
  turnout: Turnout;
  sealedHead: string | null;
  sealProblems: string[];
  computedAt: Date;
};
const cache = new Map<string, Cached>();
const inflight = new Map<string, Promise<Cached>>();

/** Reads the whole box once, then seals its chain head (or finds the seal already there). */
async function countAndSeal(db: Db, election: ElectionRow, now: Date): Promise<Cached> {
  let examination = await examineBallots(db, election);
  const turnout = await computeTurnout(db, election);
  const seal = await sealBallotChain(db, election.id, { head: examination.head, now });
  // The database's clock (the one casting obeys) still has the polls open, or closed only a moment
  // ago: no count leaves before the box is closed for good.
  if (seal.sealedHead === null) throw sealedError();
  // Sealed just now from a read made after the box closed: if the earlier read differs, it was
  // made too early; count again from the closed box.
  const sealProblems = seal.problem ? [seal.problem] : [];
  if (seal.sealedNow && seal.sealedHead !== examination.head) {
    examination = await examineBallots(db, election);
    if (examination.head !== seal.sealedHead)
      sealProblems.push(
        `Head rantai surat suara yang dihitung ulang (${examination.head}) berbeda dengan yang disegel (${seal.sealedHead}).`,
      );
  }
  return {
    examination,
    turnout,
    sealedHead: seal.sealedHead,
    sealProblems,
    computedAt: new Date(),
  };
}

/** Forgets every cached result (tests; a process never needs it: sealed results do not change). */
export function clearResultsCache() {
  cache.clear();
  publicRows.clear();
}

/**
 * The results of a closed or published election: votes and percentages per option in ballot
 * order, abstentions apart, totals, winner or tie, turnout overall and per prodi, the ballot chain
 * head and every mismatch found. While the results are sealed it throws 409 and counts nothing.
 *
 * The first computation after closing seals the chain head into the election (once). Because
 * casting is closed and ballots are append-only, a result computed after the seal never changes:
 * it is kept in memory per election and seal, so the results page answers without reading the
 * box again. Who may see it is never decided here: callers check that first, on every request.
 *
 * `opts.election` is the election's row when the caller has just loaded it (saves a query).
 */
export async function computeResults(
  db: Db,
  electionId: string,
  now: Date,
  opts: { useCache?: boolean; election?: ElectionRow } = {},
): Promise<ElectionResults> {
  const election =
    opts.election?.id === electionId ? opts.election : await loadElection(db, electionId);
  if (resultsSealed(election, now)) throw sealedError();
  const useCache = opts.useCache ?? true;
  // Only a count made against the seal the election holds now: none before the box is sealed.
  let entry = useCache && election.ballotChainHead !== null ? cache.get(electionId) : undefined;
  if (entry && entry.sealedHead !== election.ballotChainHead) entry = undefined;
  if (!entry) {
    if (!useCache) entry = await countAndSeal(db, election, now);
    else {
      // Everyone opening the results page when the polls close shares one count.
      let pending = inflight.get(electionId);
      if (!pending) {
        pending = countAndSeal(db, election, now).finally(() => inflight.delete(electionId));
        inflight.set(electionId, pending);
      }
      entry = await pending;
      cache.set(electionId, entry);
    }
  }
  const x = entry.examination;
  const problems = [...x.problems, ...entry.sealProblems];
  if (x.participationCount !== entry.turnout.voted)
    problems.push('Jumlah partisipasi berubah selama penghitungan.');
  const onRoll = entry.turnout.perProdi.reduce((s, g) => s + g.voted, 0);
  if (onRoll !== entry.turnout.voted)
    problems.push(
      `${entry.turnout.voted - onRoll} tanda partisipasi tidak memiliki NIM pada daftar pemilih.`,
    );
  return {
    election: summarize(election, now),
    options: x.options,
    abstain: x.abstain,
    totals: x.totals,
    winner: x.winner,
    tie: x.tie,
    kotakKosongWon: x.kotakKosongWon,
    turnout: entry.turnout,
    chain: { head: x.head, sealedHead: entry.sealedHead },
    problems,
    computedAt: entry.computedAt,
  };
}
