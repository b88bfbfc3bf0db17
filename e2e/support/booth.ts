import type { APIRequestContext } from '@playwright/test';
import { buildBallot, serializeBallot } from '../../shared/crypto/ballot.ts';
import { credentialSecret } from '../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';
import { waitForMail } from './fixtures.ts';

type Booth = { election: string; slots: string[] };

/**
 * The mailed link to a verifiable election's booth, as a path with the credential in its
 * fragment, and the credential itself: what a voter finds in their mail once the election is
 * locked.
 */
export async function boothLink(email: string, electionId: string) {
  const mail = await waitForMail(email, new RegExp(`/voting/${electionId}#kredensial=`), 75_000);
  const found = new RegExp(`(/voting/${electionId}#kredensial=([1-9A-Za-z-]{19}))`).exec(
    mail.text,
  )!;
  return { path: found[1]!, credential: found[2]! };
}

/**
 * What a voter's browser sends for `choice`: in a verifiable election the ballot encrypted,
 * proven and signed with the booth's own code (here in Node), with the credential mailed to
 * `email`; in an older one the choice itself.
 */
export async function ballotBody(
  api: APIRequestContext,
  electionId: string,
  choice: string,
  email: string,
): Promise<{ ballot: string } | { choice: string }> {
  const page = (await (await api.get(`/api/voting/${electionId}`)).json()) as {
    verifiable: Booth | null;
  };
  const booth = page.verifiable;
  if (!booth) return { choice };
  const ctx = ballotContextOf(booth.election);
  const plaintext = booth.slots.map((s) => (s === choice ? 1 : 0));
  const { credential } = await boothLink(email, electionId);
  const ballot = buildBallot(ctx, credentialSecret(credential, ctx.uuid), [plaintext]);
  return { ballot: serializeBallot(ballot) };
}
