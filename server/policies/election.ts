import type { Actor } from './actor.ts';

type ElectionRef = { id: string };

const isMaster = (a: Actor) => a.admin?.role === 'master';
const onCommittee = (a: Actor, e: ElectionRef) => a.committeeOf.includes(e.id);

/**
 * Rules about elections. The master admin decides requests and oversees every election; a
 * committee prepares only its own election; admins verify voters (see voter rules).
 */
export const electionRules = {
  /** See and decide election requests; add or remove committee members; archive. */
  manage: (a: Actor, _e: null) => isMaster(a),
  /** Open the committee area of an election (ringkasan and the other tabs, read-only for master). */
  viewCommittee: (a: Actor, e: ElectionRef) => onCommittee(a, e) || isMaster(a),
  /** Change the election's settings, candidates and roll, lock it, extend its end. */
  prepare: (a: Actor, e: ElectionRef) => onCommittee(a, e),
  /** Announce the results of a closed election released by hand (its committee, or master). */
  publish: (a: Actor, e: ElectionRef) => onCommittee(a, e) || isMaster(a),
};
