import type { ElectionRow } from './results/election-row.ts';
import {
  canAddCommitteeMember,
  canArchive,
  canEditSetup,
  canInviteWitness,
  canIssueInvitation,
  canPublish,
  phaseOf,
  resultsPublic,
  resultsSealed,
  visibleToPublic,
  type Schedule,
} from './rules/lifecycle.ts';
import type { Actor } from '../auth/actor.ts';

type ElectionRef = { id: string };

const isMaster = (a: Actor) => a.admin?.role === 'master';
const onCommittee = (a: Actor, e: ElectionRef) => a.committeeOf.includes(e.id);
const isWitness = (a: Actor, e: ElectionRef) => a.witnessOf.includes(e.id);

/**
 * Rules about elections. The master admin decides requests and oversees every election; a
 * committee prepares only its own election; admins verify voters (see voter rules).
 */
export const electionRules = {
  /** See and decide election requests; add or remove committee members; archive. */
  manage: (a: Actor, _e: null) => isMaster(a),
  /** Open the committee area of an election (ringkasan and the other tabs, read-only for master). */
  viewCommittee: (a: Actor, e: ElectionRef) => onCommittee(a, e) || isMaster(a),
  /** The overview (status, schedule, turnout, trustees): also a witness's, read-only. */
  viewOverview: (a: Actor, e: ElectionRef) => onCommittee(a, e) || isMaster(a) || isWitness(a, e),
  /** See the trustees' progress (ceremony, decryption): the overview's readers and the trustees. */
  viewTrustees: (a: Actor, e: ElectionRef) =>
    onCommittee(a, e) || isMaster(a) || isWitness(a, e) || a.trusteeOf.includes(e.id),
  /** Take part in the key ceremony and the decryption: a trustee of the current ceremony. */
  holdKey: (a: Actor, e: ElectionRef) => a.trusteeOf.includes(e.id),
  /** Change the election's settings, candidates and roll, lock it, extend its end. */
  prepare: (a: Actor, e: ElectionRef) => onCommittee(a, e),
  /** Announce the results of a closed election released by hand (its committee, or master). */
  publish: (a: Actor, e: ElectionRef) => onCommittee(a, e) || isMaster(a),
};

/**
 * Who may see an election's votes per candidate: nobody while the results are sealed; once the
 * polls have closed, admins and the election's committee; once released (on close, or announced
 * by hand), everyone. A draft does not exist for anyone outside its committee and the admins.
 * `hidden` says why the counts are withheld.
 */
export type ResultsVisibility =
  | { counts: true }
  | { counts: false; hidden: 'missing' | 'sealed' | 'unreleased'; signedIn: boolean };

export function resultsVisibility(
  actor: Actor | null,
  election: ElectionRow,
  now: Date,
): ResultsVisibility {
  const isPublic = resultsPublic(election, now);
  if (isPublic && visibleToPublic(election)) return { counts: true };
  const insider = actor !== null && (actor.admin !== null || onCommittee(actor, election));
  const signedIn = actor !== null;
  if (!visibleToPublic(election) && !insider) return { counts: false, hidden: 'missing', signedIn };
  if (resultsSealed(election, now)) return { counts: false, hidden: 'sealed', signedIn };
  if (isPublic || insider) return { counts: true };
  return { counts: false, hidden: 'unreleased', signedIn };
}

/** Whether the caller may do something now, and why not (Indonesian) when they may not. */
export type Ability = { allowed: boolean; why: string | null };
const ability = (refusal: string | null): Ability => ({ allowed: refusal === null, why: refusal });

type Overseen = Parameters<typeof canArchive>[0] & { lockedAt: Date | null };

/** What the master may do with an election on the oversight screen (they manage every election). */
export function oversightAbilities(e: Overseen, now: Date) {
  const phase = phaseOf(e, now);
  return {
    archive: ability(canArchive(e, now)),
    addCommitteeMember: ability(canAddCommitteeMember(e)),
    issueInvitation: ability(canIssueInvitation(e)),
    /** Counts exist once a locked election has closed. */
    viewResults: e.lockedAt !== null && !resultsSealed(e, now) && phase !== 'draft',
  };
}

/** What the caller may do in an election's committee area. */
export function committeeAbilities(
  a: Actor | null,
  e: Schedule & { id: string; extendedAt: Date | null; rollMode: string },
  now: Date,
) {
  const prepare = a !== null && electionRules.prepare(a, e);
  const editSetup = prepare && canEditSetup(e);
  const phase = phaseOf(e, now);
  return {
    /** Settings, candidates and locking: its committee, before the election is locked. */
    editSetup,
    /** "Impor CSV" of the roll: only when the roll is the committee's own list. */
    importRoll: editSetup && e.rollMode === 'roll',
    /** The one extension of the end, while upcoming or open. */
    extend:
      prepare &&
      e.status === 'ready' &&
      (phase === 'upcoming' || phase === 'open') &&
      e.extendedAt === null,
    publish: a !== null && electionRules.publish(a, e) && canPublish(e, now) === null,
  };
}

/**
 * The role in which the caller reads an election's overview: its committee, the master (who only
 * looks), or a witness (who only looks); null for anyone else.
 */
export function overviewRole(a: Actor, e: ElectionRef): 'panitia' | 'master' | 'saksi' | null {
  if (onCommittee(a, e)) return 'panitia';
  if (isMaster(a)) return 'master';
  if (isWitness(a, e)) return 'saksi';
  return null;
}

/**
 * What the caller may do about one candidate pair's witness: invite one while the election is a
 * draft and the pair has neither a witness nor a live invitation; revoke a live invitation. Only
 * the election's committee.
 */
export function witnessAbilities(
  a: Actor | null,
  e: Schedule & ElectionRef,
  pair: { witness: boolean; invitation: boolean },
) {
  const prepare = a !== null && electionRules.prepare(a, e);
  return {
    invite: prepare && canInviteWitness(e) === null && !pair.witness && !pair.invitation,
    revoke: prepare && pair.invitation,
    remove: prepare && canInviteWitness(e) === null && pair.witness,
  };
}
