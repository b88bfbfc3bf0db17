// The booth's own code as a page module, for the bench only: Chromium slows pages, not workers,
// when DevTools CPU throttling is on, so the slowed figure runs this same code on the page.
import { buildBallot, serializeBallot, type BallotContext } from '../../shared/crypto/ballot.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';
import { credentialSecret } from '../../shared/crypto/credentials.ts';

let ctx: BallotContext | undefined;

/** What the booth worker does on "prepare": the election key's tables. */
export function prepare(election: string): void {
  ctx = ballotContextOf(election);
}

/** What the booth worker does on "build", once prepared. */
export function buildOne(credential: string, plaintexts: number[][]): string {
  if (!ctx) throw new Error('not prepared');
  return serializeBallot(buildBallot(ctx, credentialSecret(credential, ctx.uuid), plaintexts));
}
