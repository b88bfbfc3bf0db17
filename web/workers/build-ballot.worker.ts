// The booth's cryptography, off the main thread: the choice is encrypted under the election key,
// proven well formed and signed with the voter's credential here, in the voter's browser. Only the
// ballot leaves when it is cast; its randomness goes back to the page, which sends it only when
// the voter chooses to check the ballot instead ("Periksa surat suara"), and the worker then opens
// the ballot itself to show what it holds.
//
// The exponentiation tables of the election key cost far more than the ballot itself, so the page
// asks for them ("prepare") as soon as the ballot is shown: by the time the voter has chosen,
// building the ballot takes only the ballot's own work. The worker keeps the election's public
// context only; the credential comes with each request and is not kept.
import {
  ballotTracker,
  buildOpenableBallot,
  serializeBallot,
  type BallotContext,
} from '../../shared/crypto/ballot.ts';
import { auditVerdict } from '../../shared/crypto/audit.ts';
import { credentialSecret, publicCredential } from '../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';

export type BuildBallotRequest =
  | {
      type: 'prepare';
      /** The election object exactly as stored (its fingerprint is over these bytes). */
      election: string;
    }
  | {
      type: 'build';
      id: number;
      election: string;
      credential: string;
      /** One 0/1 vector per question. */
      plaintexts: number[][];
    }
  | {
      /** Checks a ballot completely and opens it with its randomness (decimal strings). */
      type: 'open';
      id: number;
      election: string;
      ballot: string;
      randomness: string[][];
    }
  | {
      /** The public credential of a private one, to compare with the voter's on record. */
      type: 'public-credential';
      id: number;
      election: string;
      credential: string;
    };
export type BuildBallotReply = { id: number } & ({ value: string } | { error: string });
/** What a build answers (as JSON): the ballot's bytes, its tracker and its randomness. */
export type SealedBallotJson = { ballot: string; tracker: string; randomness: string[][] };

const scope = globalThis as unknown as {
  addEventListener: (type: 'message', fn: (e: MessageEvent<BuildBallotRequest>) => void) => void;
  postMessage: (message: BuildBallotReply) => void;
};

let kept: { election: string; ctx: BallotContext } | undefined;

function contextOf(election: string): BallotContext {
  if (!kept || kept.election !== election) kept = { election, ctx: ballotContextOf(election) };
  return kept.ctx;
}

scope.addEventListener('message', (e) => {
  const request = e.data;
  if (request.type === 'prepare') {
    try {
      contextOf(request.election);
    } catch {
      // The build that follows reports it.
    }
    return;
  }
  try {
    if (request.type === 'public-credential') {
      // Only the election's uuid is needed: no tables.
      const { uuid } = JSON.parse(request.election) as { uuid: string };
      const value = String(publicCredential(request.credential, uuid));
      scope.postMessage({ id: request.id, value });
      return;
    }
    const ctx = contextOf(request.election);
    if (request.type === 'open') {
      const randomness = request.randomness.map((rs) => rs.map((r) => BigInt(r)));
      const verdict = auditVerdict(ctx, request.ballot, randomness);
      scope.postMessage({ id: request.id, value: JSON.stringify(verdict) });
      return;
    }
    const { ballot, randomness } = buildOpenableBallot(
      ctx,
      credentialSecret(request.credential, ctx.uuid),
      request.plaintexts,
    );
    const text = serializeBallot(ballot);
    const sealed: SealedBallotJson = {
      ballot: text,
      tracker: ballotTracker(text),
      randomness: randomness.map((rs) => rs.map(String)),
    };
    scope.postMessage({ id: request.id, value: JSON.stringify(sealed) });
  } catch (err) {
    // The detail is for the console; the voter is told in words (booth-worker.ts).
    console.error('encrypting the ballot failed', err);
    scope.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
  }
});
