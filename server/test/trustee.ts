import {
  certFor,
  makePolynomial,
  makeVoutput,
  newSeed,
  proveKeyCheck,
  readSignedMessage,
  readVinput,
  recoverShare,
  readVoutput,
  serializePolynomial,
  serializeSignedMessage,
  serializeVoutput,
} from '../../shared/crypto/ceremony.ts';
import type { TestClient } from './app.ts';

export type Round = {
  position: number;
  uuid: string;
  threshold: number;
  phase: string;
  done: { cert: boolean; polynomial: boolean; voutput: boolean; keyChecked: boolean };
  certs: string[] | null;
  vinput: string | null;
  voutput: string | null;
  keyCheckNonce: string;
};

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
    const r = await this.round();
    const base = `/api/elections/${this.electionId}/ceremony`;
    if (r.phase === 'certs' && !r.done.cert)
      return this.client.post(`${base}/cert`, { cert: serializeSignedMessage(certFor(this.seed)) });
    const certs = r.certs?.map((c) => readSignedMessage(c)!);
    if (r.phase === 'polynomials' && !r.done.polynomial)
      return this.client.post(`${base}/polynomial`, {
        polynomial: serializePolynomial(makePolynomial(this.seed, certs!, r.threshold)),
      });
    if (r.phase === 'voutputs' && !r.done.voutput) {
      const out = makeVoutput(this.seed, certs!, readVinput(r.vinput!)!);
      if ('problem' in out) throw new Error(out.problem);
      this.share = out.share;
      return this.client.post(`${base}/voutput`, { voutput: serializeVoutput(out.voutput) });
    }
    if ((r.phase === 'keycheck' || r.phase === 'ready') && !r.done.keyChecked) {
      this.share ??= recoverShare(this.seed, readVoutput(r.voutput!)!.privateKey);
      const proof = proveKeyCheck(r.uuid, r.keyCheckNonce, this.share!);
      return this.client.post(`${base}/key-check`, {
        bukti: { challenge: String(proof.challenge), response: String(proof.response) },
      });
    }
    return undefined;
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
