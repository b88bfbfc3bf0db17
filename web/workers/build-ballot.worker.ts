// The booth's cryptography, off the main thread: the choice is encrypted under the election key,
// proven well formed and signed with the voter's credential here, in the voter's browser. Only the
// ballot leaves: the choice and the encryption's randomness never do.
//
// The exponentiation tables of the election key cost far more than the ballot itself, so the page
// asks for them ("prepare") as soon as the ballot is shown: by the time the voter has chosen,
// building the ballot takes only the ballot's own work. The worker keeps the election's public
// context only; the credential comes with each request and is not kept.
import { buildBallot, serializeBallot, type BallotContext } from '../../shared/crypto/ballot.ts';
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
      /** The public credential of a private one, to compare with the voter's on record. */
      type: 'public-credential';
      id: number;
      election: string;
      credential: string;
    };
export type BuildBallotReply = { id: number } & ({ value: string } | { error: string });

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
    const ballot = buildBallot(
      ctx,
      credentialSecret(request.credential, ctx.uuid),
      request.plaintexts,
    );
    scope.postMessage({ id: request.id, value: serializeBallot(ballot) });
  } catch (err) {
    scope.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
  }
});
