import type { APIRequestContext } from '@playwright/test';
import { buildBallot, serializeBallot } from '../../shared/crypto/ballot.ts';
import { credentialSecret } from '../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';

type Booth = { election: string; credential: string; slots: string[] };

/**
 * What a voter's browser sends for `choice`: in a verifiable election the ballot encrypted,
 * proven and signed with the booth's own code (here in Node); in an older one the choice itself.
 */
export async function ballotBody(
  api: APIRequestContext,
  electionId: string,
  choice: string,
): Promise<{ ballot: string } | { choice: string }> {
  const page = (await (await api.get(`/api/voting/${electionId}`)).json()) as {
    verifiable: Booth | null;
  };
  const booth = page.verifiable;
  if (!booth) return { choice };
  const ctx = ballotContextOf(booth.election);
  const plaintext = booth.slots.map((s) => (s === choice ? 1 : 0));
  const ballot = buildBallot(ctx, credentialSecret(booth.credential, ctx.uuid), [plaintext]);
  return { ballot: serializeBallot(ballot) };
}
