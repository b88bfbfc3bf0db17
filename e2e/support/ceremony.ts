import { expect, type APIRequestContext } from '@playwright/test';
import {
  newSeed,
  readVoutput,
  recoverShare,
  trusteeTurn,
  type TrusteeRound,
} from '../../shared/crypto/ceremony.ts';
import { decryptTally, tallyToDecrypt } from '../../shared/crypto/trustee-decryption.ts';
import { client, ok } from './api.ts';

/** A trustee of a test election: their account and the seed their "browser" keeps. */
export type ApiTrustee = { email: string; password: string; seed: string };

type Round = TrusteeRound;

async function signedIn(t: { email: string; password: string }, baseURL?: string) {
  const api = await client(baseURL);
  await ok(api.post('/api/auth/sign-in/email', { data: { email: t.email, password: t.password } }));
  return api;
}

/** Takes whichever ceremony step is the trustee's now, as the trustee screen's worker does. */
async function step(api: APIRequestContext, electionId: string, seed: string) {
  const base = `/api/elections/${electionId}/ceremony`;
  const turn = trusteeTurn(seed, await ok<Round>(api.get(`${base}/me`)));
  if (turn) await ok(api.post(`${base}/${turn.step}`, { data: turn.body }));
}

/**
 * The key ceremony of a draft through the API, the trustees' cryptography done here in Node as
 * their browsers would: the first trustee (a committee member) starts it with `threshold`, then
 * everyone takes every step. Returns the trustees with their seeds (for the decryption).
 */
export async function ceremonyThroughApi(
  electionId: string,
  accounts: { email: string; password: string }[],
  opts: { threshold?: number; baseURL?: string } = {},
): Promise<ApiTrustee[]> {
  const trustees = accounts.map((a) => ({ ...a, seed: newSeed() }));
  const apis = await Promise.all(trustees.map((t) => signedIn(t, opts.baseURL)));
  await ok(
    apis[0]!.post(`/api/elections/${electionId}/ceremony`, {
      data: { ambang: opts.threshold ?? 2 },
    }),
    201,
  );
  for (let round = 0; round < 4; round++)
    for (const [i, api] of apis.entries()) await step(api, electionId, trustees[i]!.seed);
  for (const api of apis) await api.dispose();
  return trustees;
}

/**
 * After close: `count` trustees (the first ones) decrypt the tally their "browser" recomputes
 * from the public record, so the result is published.
 */
export async function decryptThroughApi(
  electionId: string,
  trustees: ApiTrustee[],
  opts: { count?: number; baseURL?: string } = {},
): Promise<void> {
  for (const t of trustees.slice(0, opts.count ?? 2)) {
    const api = await signedIn(t, opts.baseURL);
    // The trustee's page asks where the decryption stands first: that closes the record (its
    // encrypted tally) once the polls are closed for good.
    await ok(api.get(`/api/elections/${electionId}/decryption`));
    const round = await ok<Round>(api.get(`/api/elections/${electionId}/ceremony/me`));
    const share = recoverShare(t.seed, readVoutput(round.voutput!)!.privateKey)!;
    const record = await api.get(`/api/elections/${electionId}/record`);
    expect(record.status()).toBe(200);
    const vo = readVoutput(round.voutput!)!;
    const tally = tallyToDecrypt(new Uint8Array(await record.body()), {
      position: round.position,
      publicKey: vo.publicKey.publicKey,
    });
    if ('problem' in tally) throw new Error(tally.problem);
    await ok(
      api.post(`/api/elections/${electionId}/decryption`, {
        data: { dekripsiParsial: decryptTally(tally, share) },
      }),
    );
    await api.dispose();
  }
}
