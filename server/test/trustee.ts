import {
  certFor,
  makePolynomial,
  makeVoutput,
  newSeed,
  proveKeyCheck,
  readSignedMessage,
  readVinput,
  serializePolynomial,
  serializeSignedMessage,
  serializeVoutput,
  trusteeTurn,
  type TrusteeRound,
} from '../../shared/crypto/ceremony.ts';
import type { TestClient } from './app.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { committeeMembers } from '../db/schema/index.ts';
import {
  ceremonyOf,
  startCeremony,
  submitCert,
  submitKeyCheck,
  submitPolynomial,
  submitVoutput,
  trusteeView,
} from '../elections/trustees/ceremony.ts';

export type Round = TrusteeRound;

/**
 * A trustee's browser in Node: holds a seed and does whichever ceremony step is theirs, as the
 * trustee screen does, through the API.
 */
export class TestTrustee {
  readonly seed = newSeed();
  share: bigint | undefined;
  readonly client: TestClient;
  readonly electionId: string;
  constructor(client: TestClient, electionId: string) {
    this.client = client;
    this.electionId = electionId;
  }

  async round(): Promise<Round> {
    const res = await this.client.get(`/api/elections/${this.electionId}/ceremony/me`);
    if (res.status !== 200) throw new Error(`round: ${res.status} ${await res.text()}`);
    return (await res.json()) as Round;
  }

  /** Takes the step that is the trustee's now (none when they wait); returns the answer. */
  async step(): Promise<Response | undefined> {
    const turn = trusteeTurn(this.seed, await this.round());
    if (!turn) return undefined;
    this.share = turn.share ?? this.share;
    return this.client.post(`/api/elections/${this.electionId}/ceremony/${turn.step}`, turn.body);
  }
}

/** Runs a whole ceremony: every trustee takes every step until all have checked their key. */
export async function runCeremony(trustees: readonly TestTrustee[]) {
  for (let round = 0; round < 4; round++)
    for (const t of trustees) {
      const res = await t.step();
      if (res && res.status !== 200) throw new Error(`step: ${res.status} ${await res.text()}`);
    }
}

/** An actor for ceremony commands called directly (fixtures; requests under test go over HTTP). */
export const trusteeActor = (userId: string, electionId: string) =>
  ({
    user: { id: userId, name: 'Wali Kunci', email: `${userId}@uji.test` },
    admin: null,
    voter: null,
    committeeOf: [electionId],
    witnessOf: [],
    trusteeOf: [electionId],
  }) as Actor;

export type CeremonyStage = 'started' | 'certs' | 'polynomials' | 'complete' | 'checked';

/**
 * The key ceremony of a verifiable draft through the server's commands, its trustees' work done
 * here as their browsers would: `userIds` (committee members of the election, added when they
 * are not) start it with `threshold` and take every step up to `stage` ('checked': every key
 * file checked, the election ready to lock). Returns each trustee's seed and, from step 3 on,
 * private key.
 */
export async function holdCeremony(
  db: Db,
  electionId: string,
  userIds: string[],
  opts: { threshold?: number; stage?: CeremonyStage } = {},
) {
  const stage = opts.stage ?? 'checked';
  for (const [i, userId] of userIds.entries())
    await db
      .insert(committeeMembers)
      .values({
        electionId,
        userId,
        namaLengkap: `Wali Kunci ${'ABCDEFGH'[i]}`,
        joinedAt: new Date(Date.now() + i),
      })
      .onConflictDoNothing();
  const actors = userIds.map((u) => trusteeActor(u, electionId));
  const { ceremony } = await startCeremony(db, actors[0]!, electionId, {
    threshold: opts.threshold ?? 2,
  });
  const attempt = ceremony.attempt;
  const seeds = userIds.map(() => newSeed());
  const shares: bigint[] = [];
  const out = { seeds, shares };
  if (stage === 'started') return out;
  for (const [i, a] of actors.entries())
    await submitCert(db, a, electionId, serializeSignedMessage(certFor(seeds[i]!)), attempt);
  if (stage === 'certs') return out;
  const certs = async () =>
    (await ceremonyOf(db, electionId))!.trustees.map((t) => readSignedMessage(t.cert!)!);
  const threshold = (await ceremonyOf(db, electionId))!.ceremony.threshold;
  for (const [i, a] of actors.entries())
    await submitPolynomial(
      db,
      a,
      electionId,
      serializePolynomial(makePolynomial(seeds[i]!, await certs(), threshold)),
      attempt,
    );
  if (stage === 'polynomials') return out;
  for (const [i, a] of actors.entries()) {
    const state = (await ceremonyOf(db, electionId))!;
    const me = state.trustees.find((t) => t.userId === userIds[i])!;
    const made = makeVoutput(seeds[i]!, await certs(), readVinput(trusteeView(state, me).vinput!)!);
    if ('problem' in made) throw new Error(made.problem);
    shares.push(made.share);
    await submitVoutput(db, a, electionId, serializeVoutput(made.voutput), attempt);
  }
  if (stage === 'complete') return out;
  const state = (await ceremonyOf(db, electionId))!;
  for (const [i, a] of actors.entries()) {
    const me = state.trustees.find((t) => t.userId === userIds[i])!;
    await submitKeyCheck(
      db,
      a,
      electionId,
      proveKeyCheck(state.ceremony.uuid, me.keyCheckNonce, shares[i]!),
    );
  }
  return out;
}
