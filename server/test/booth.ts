import { buildBallot, buildOpenableBallot, serializeBallot } from '../../shared/crypto/ballot.ts';
import { credentialSecret } from '../../shared/crypto/credentials.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';
import type { TestClient } from './app.ts';

type Booth = { election: string; slots: string[] };

/** The booth's work in Node: `choice` encrypted, proven and signed as the voter's browser does. */
export function encryptChoice(booth: Booth & { credential: string }, choice: string): string {
  const ctx = ballotContextOf(booth.election);
  const plaintext = booth.slots.map((s) => (s === choice ? 1 : 0));
  if (!plaintext.includes(1)) throw new Error(`no slot for ${choice}`);
  return serializeBallot(
    buildBallot(ctx, credentialSecret(booth.credential, ctx.uuid), [plaintext]),
  );
}

/** A ballot as the booth builds it, with the randomness that opens it (for an audit). */
export function openableChoice(booth: Booth & { credential: string }, choice: string) {
  const ctx = ballotContextOf(booth.election);
  const plaintext = booth.slots.map((s) => (s === choice ? 1 : 0));
  if (!plaintext.includes(1)) throw new Error(`no slot for ${choice}`);
  const { ballot, randomness } = buildOpenableBallot(
    ctx,
    credentialSecret(booth.credential, ctx.uuid),
    [plaintext],
  );
  return {
    ballot: serializeBallot(ballot),
    randomness: randomness.map((rs) => rs.map(String)),
    plaintext,
  };
}

/**
 * Votes as the booth does: reads the ballot page, encrypts the choice with the credential from
 * the voter's mail when the election is verifiable (else sends it as is), and posts it. Returns
 * the answer and the ballot sent.
 */
export async function castThroughBooth(client: TestClient, electionId: string, choice: string) {
  const page = (await (await client.get(`/api/voting/${electionId}`)).json()) as {
    verifiable: Booth | null;
  };
  const body = page.verifiable
    ? {
        ballot: encryptChoice(
          { ...page.verifiable, credential: await client.credentialFor(electionId) },
          choice,
        ),
      }
    : { choice };
  const res = await client.post(`/api/voting/${electionId}/cast`, body);
  return { res, body };
}
