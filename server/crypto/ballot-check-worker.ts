/**
 * A ballot-checking thread of the pool in ballot-check-pool.ts: parses an encrypted ballot and
 * checks it completely against its election (uuid and fingerprint, group membership, the
 * credential's signature, every proof) with OpenSSL's exponentiation. The election's context —
 * its key's exponentiation tables are costly — is kept per election object for the next ballot.
 */
import type { BallotContext } from '../../shared/crypto/ballot.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';
import { ballotVerdict } from '../../shared/crypto/verify/ballot-verdicts.ts';
import { useOpensslModPow } from './openssl-mod-pow.ts';
import type { BallotAudit, BallotCheck } from './ballot-check-pool.ts';
import { auditVerdict, type AuditVerdict } from '../../shared/crypto/audit.ts';
import type { BallotVerdict } from '../../shared/crypto/verify/ballot-verdicts.ts';

useOpensslModPow();

/** The election objects seen most recently (a server rarely runs more than a few at once). */
const KEPT = 8;
const contexts = new Map<string, BallotContext>();

function contextOf(electionText: string): BallotContext {
  let ctx = contexts.get(electionText);
  if (ctx) {
    contexts.delete(electionText); // re-inserted below: the most recent last
  } else {
    ctx = ballotContextOf(electionText);
    if (contexts.size >= KEPT) contexts.delete(contexts.keys().next().value!);
  }
  contexts.set(electionText, ctx);
  return ctx;
}

export default function check({ electionText, ballot }: BallotCheck): BallotVerdict {
  return ballotVerdict(contextOf(electionText), ballot);
}

/** A voter's audit: the ballot checked completely, then opened with its randomness. */
export function audit({ electionText, ballot, randomness }: BallotAudit): AuditVerdict {
  return auditVerdict(
    contextOf(electionText),
    ballot,
    randomness.map((rs) => rs.map((r) => BigInt(r))),
  );
}
