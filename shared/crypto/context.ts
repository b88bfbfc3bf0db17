/**
 * What a ballot is built and checked against, from the election object exactly as stored: its
 * uuid, its fingerprint (over those bytes), the key's exponentiation tables and its questions.
 * The booth, the server, the simulation and the tests all read a stored election this one way.
 */
import type { BallotContext } from './ballot.ts';
import { electionFingerprint, parseElection } from './election.ts';
import { electionKeys } from './keys.ts';

export function ballotContextOf(electionText: string): BallotContext {
  const election = parseElection(electionText);
  if ('problem' in election) throw new Error(`election object unreadable: ${election.problem}`);
  return {
    uuid: election.uuid,
    fingerprint: electionFingerprint(electionText),
    keys: electionKeys(election.publicKey),
    questions: election.questions,
  };
}
