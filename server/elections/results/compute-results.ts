import type { Db } from '../../db/client.ts';
import { phaseOf, resultsSealed, type Phase } from '../rules/lifecycle.ts';
import { computeTurnout, type Turnout } from '../turnout.ts';
import { sealBallotChain } from './seal-results.ts';
import { examineBallots } from './examine-ballots.ts';
import {
  forgetAllPublicRows,
  loadElection,
  sealedError,
  type ElectionRow,
} from './election-row.ts';

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
  forgetAllPublicRows();
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
  let election =
    opts.election?.id === electionId ? opts.election : await loadElection(db, electionId);
  if (resultsSealed(election, now)) throw sealedError();
  const useCache = opts.useCache ?? true;
  // A row read before someone else's count sealed the box is read again: their count is the one.
  if (useCache && election.ballotChainHead === null && cache.has(electionId))
    election = await loadElection(db, electionId);
  // Only a count made against the seal the election holds now: none before the box is sealed.
  let entry = useCache && election.ballotChainHead !== null ? cache.get(electionId) : undefined;
  if (entry && entry.sealedHead !== election.ballotChainHead) entry = undefined;
  if (!entry) {
    if (!useCache) entry = await countAndSeal(db, election, now);
    else {
      // Everyone opening the results page when the polls close shares one count (cached before
      // it stops being the one in flight, so nobody arriving in between counts again).
      let pending = inflight.get(electionId);
      if (!pending) {
        pending = countAndSeal(db, election, now)
          .then((counted) => {
            cache.set(electionId, counted);
            return counted;
          })
          .finally(() => inflight.delete(electionId));
        inflight.set(electionId, pending);
      }
      entry = await pending;
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
