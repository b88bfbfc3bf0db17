// The booth's cryptography, off the main thread: the choice is encrypted under the election key,
// proven well formed and signed with the voter's credential here, in the voter's browser. Only the
// ballot leaves: the choice and the encryption's randomness never do.
import { buildBallot, serializeBallot } from '../../shared/crypto/ballot.ts';
import { credentialSecret } from '../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';

export type BuildBallotRequest = {
  /** The election object exactly as stored (its fingerprint is over these bytes). */
  election: string;
  credential: string;
  /** One 0/1 vector per question. */
  plaintexts: number[][];
};
export type BuildBallotReply = { ballot: string } | { error: string };

const scope = globalThis as unknown as {
  addEventListener: (type: 'message', fn: (e: MessageEvent<BuildBallotRequest>) => void) => void;
  postMessage: (message: BuildBallotReply) => void;
};

scope.addEventListener('message', (e) => {
  try {
    const { election: text, credential, plaintexts } = e.data;
    const ctx = ballotContextOf(text);
    const ballot = buildBallot(ctx, credentialSecret(credential, ctx.uuid), plaintexts);
    scope.postMessage({ ballot: serializeBallot(ballot) });
  } catch (err) {
    scope.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
