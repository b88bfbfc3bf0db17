/**
 * Trustee keys (§4.5, §4.6, §4.7): the server's mandatory "Single" key and one "Pedersen" group
 * of k-of-n trustees. Checking a trustees structure recomputes the election key from it; the
 * simulated Pedersen ceremony here produces exactly the public parts a real one publishes (the
 * private channels between trustees are issue 2/3's, and never part of the record).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BASE58 } from './credentials.ts';
import { GROUP_NAME, isMember, modQ, mul, pow } from './group.ts';
import { G } from './keys.ts';
import { proveSchnorr, verifySchnorr, type Proof } from './proofs.ts';
import { randomChars, randomZq } from './random.ts';

/** A public key with its proof of knowledge (trustee_public_key, §4.5). */
export type TrusteePublicKey = { publicKey: bigint; pok: Proof; name?: string };
/** A message signed with a trustee's signing key (signed_msg, §4.6.1). */
export type SignedMessage = { message: string; signature: Proof };
/** The public outcome of a Pedersen key establishment (threshold_parameters, §4.6.7). */
export type ThresholdParameters = {
  threshold: number;
  certs: SignedMessage[];
  coefexps: SignedMessage[];
  verificationKeys: TrusteePublicKey[];
};
/** One item of the trustees structure (§4.7). */
export type TrusteeKind =
  { kind: 'Single'; key: TrusteePublicKey } | { kind: 'Pedersen'; params: ThresholdParameters };

const pokInput = (x: bigint) => (a: bigint) => `pok|${GROUP_NAME}|${x}|${a}`;
const sigmsgInput = (message: string) => (a: bigint) => `sigmsg|${message}|${a}`;

/** The public key of a private key x, with a fresh proof of knowledge of x (§4.5). */
export function trusteeKeyOf(secret: bigint, name?: string): TrusteePublicKey {
  const publicKey = G().pow(secret);
  return { publicKey, pok: proveSchnorr(secret, pokInput(publicKey)), ...(name ? { name } : {}) };
}

/** A fresh key pair with its proof of knowledge. */
export function generateTrusteeKey(name?: string): { secret: bigint; key: TrusteePublicKey } {
  const secret = randomZq();
  return { secret, key: trusteeKeyOf(secret, name) };
}

/** Whether a trustee public key is a group member with a valid proof of knowledge. */
export function verifyTrusteeKey(key: TrusteePublicKey): boolean {
  return isMember(key.publicKey) && verifySchnorr(key.publicKey, key.pok, pokInput(key.publicKey));
}

/** Signs a message with a signing key (§4.6.1). */
export function signMessage(signingKey: bigint, message: string): SignedMessage {
  return { message, signature: proveSchnorr(signingKey, sigmsgInput(message)) };
}

/** Checks a signed message against a verification key. */
export function verifySignedMessage(verificationKey: bigint, signed: SignedMessage): boolean {
  return verifySchnorr(verificationKey, signed.signature, sigmsgInput(signed.message));
}

const decimalList = (xs: readonly bigint[]) => xs.map((x) => `"${x}"`).join(',');

/** The certificate message of §4.6.2. */
export function certMessage(verification: bigint, encryption: bigint): string {
  return `{"verification":"${verification}","encryption":"${encryption}"}`;
}

/** The coefexps message of §4.6.4. */
export function coefexpsMessage(coefexps: readonly bigint[]): string {
  return `{"coefexps":[${decimalList(coefexps)}]}`;
}

function parseDecimal(x: unknown): bigint | undefined {
  return typeof x === 'string' && /^(0|[1-9][0-9]*)$/.test(x) ? BigInt(x) : undefined;
}

/** Reads a certificate's keys; undefined when the message is not one. */
export function readCert(
  cert: SignedMessage,
): { verification: bigint; encryption: bigint } | undefined {
  try {
    const m = JSON.parse(cert.message) as Record<string, unknown>;
    const verification = parseDecimal(m.verification);
    const encryption = parseDecimal(m.encryption);
    if (verification === undefined || encryption === undefined || Object.keys(m).length !== 2)
      return undefined;
    return { verification, encryption };
  } catch {
    return undefined;
  }
}

/** Reads a coefexps message; undefined when it is not one. */
export function readCoefexps(signed: SignedMessage): bigint[] | undefined {
  try {
    const m = JSON.parse(signed.message) as Record<string, unknown>;
    if (!Array.isArray(m.coefexps) || Object.keys(m).length !== 1) return undefined;
    const list = m.coefexps.map(parseDecimal);
    return list.every((x) => x !== undefined) ? (list as bigint[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The verification key that trustee j (1-based) must have: ∏_z ∏_k A_zk^(j^k). */
export function expectedVerificationKey(
  coefexps: readonly (readonly bigint[])[],
  j: number,
): bigint {
  let result = 1n;
  for (const list of coefexps) {
    let power = 1n;
    for (const a of list) {
      result = mul(result, pow(a, power));
      power = modQ(power * BigInt(j));
    }
  }
  return result;
}

/**
 * Checks a Pedersen item completely — every certificate and coefexps signature, every
 * verification key's proof and value, and the threshold against every coefexps list — and
 * returns its sub-key ∏_z A_z0, or the first problem found.
 */
export function checkThresholdParameters(
  params: ThresholdParameters,
): { subKey: bigint } | { problem: string } {
  const n = params.certs.length;
  if (n === 0 || params.coefexps.length !== n || params.verificationKeys.length !== n) {
    return { problem: 'jumlah sertifikat, coefexps dan kunci verifikasi berbeda' };
  }
  if (!Number.isInteger(params.threshold) || params.threshold < 1 || params.threshold > n) {
    return { problem: `ambang ${params.threshold} tidak sah untuk ${n} wali kunci` };
  }
  const lists: bigint[][] = [];
  for (let z = 0; z < n; z++) {
    const cert = readCert(params.certs[z]!);
    if (!cert || !isMember(cert.verification) || !isMember(cert.encryption)) {
      return { problem: `sertifikat wali kunci ${z + 1} tidak sah` };
    }
    if (!verifySignedMessage(cert.verification, params.certs[z]!)) {
      return { problem: `tanda tangan sertifikat wali kunci ${z + 1} tidak sah` };
    }
    const list = readCoefexps(params.coefexps[z]!);
    if (!list || list.length !== params.threshold || !list.every(isMember)) {
      return { problem: `coefexps wali kunci ${z + 1} tidak sah atau tidak sesuai ambang` };
    }
    if (!verifySignedMessage(cert.verification, params.coefexps[z]!)) {
      return { problem: `tanda tangan coefexps wali kunci ${z + 1} tidak sah` };
    }
    lists.push(list);
  }
  for (let j = 1; j <= n; j++) {
    const vk = params.verificationKeys[j - 1]!;
    if (!verifyTrusteeKey(vk)) return { problem: `bukti kunci verifikasi ${j} tidak sah` };
    if (vk.publicKey !== expectedVerificationKey(lists, j)) {
      return { problem: `kunci verifikasi ${j} tidak sesuai coefexps` };
    }
  }
  return { subKey: lists.reduce((acc, list) => mul(acc, list[0]!), 1n) };
}

/** Keys derived from a 22-character Base58 seed (§4.6.1). */
export function keysFromSeed(seed: string): { signing: bigint; decryption: bigint } {
  const derive = (prefix: string) =>
    modQ(BigInt('0x' + bytesToHex(sha256(utf8ToBytes(prefix + seed)))));
  return { signing: derive('sk|'), decryption: derive('dk|') };
}

/**
 * Runs a whole Pedersen key establishment in one place (simulations and tests): n trustees, any
 * `threshold` of whom can decrypt. Returns the public parameters and each trustee's share S_j.
 */
export function simulatePedersen(
  n: number,
  threshold: number,
): { params: ThresholdParameters; shares: bigint[] } {
  if (threshold < 1 || threshold > n) throw new Error('threshold out of range');
  const trustees = Array.from({ length: n }, () => {
    const { signing, decryption } = keysFromSeed(randomChars(BASE58, 22));
    const poly = Array.from({ length: threshold }, () => randomZq());
    return { signing, decryption, poly };
  });
  const certs = trustees.map((t) =>
    signMessage(t.signing, certMessage(G().pow(t.signing), G().pow(t.decryption))),
  );
  const coefexps = trustees.map((t) =>
    signMessage(t.signing, coefexpsMessage(t.poly.map((a) => G().pow(a)))),
  );
  const evaluate = (poly: bigint[], x: number) =>
    poly.reduceRight((acc, a) => modQ(acc * BigInt(x) + a), 0n);
  const shares = Array.from({ length: n }, (_, i) =>
    modQ(trustees.reduce((acc, t) => acc + evaluate(t.poly, i + 1), 0n)),
  );
  const verificationKeys = shares.map((s) => trusteeKeyOf(s));
  return { params: { threshold, certs, coefexps, verificationKeys }, shares };
}

/**
 * The election public key y of a trustees structure: the product of every Single key and, for
 * each Pedersen group, of its trustees' constant-term commitments A_z0. Undefined when a coefexps
 * message cannot be read.
 */
export function electionPublicKey(items: readonly TrusteeKind[]): bigint | undefined {
  let y = 1n;
  for (const item of items) {
    if (item.kind === 'Single') {
      y = mul(y, item.key.publicKey);
      continue;
    }
    for (const signed of item.params.coefexps) {
      const a0 = readCoefexps(signed)?.[0];
      if (a0 === undefined) return undefined;
      y = mul(y, a0);
    }
  }
  return y;
}

/** The number of decryption owners an item contributes (1 for Single, n for Pedersen). */
export function ownerCount(item: TrusteeKind): number {
  return item.kind === 'Single' ? 1 : item.params.verificationKeys.length;
}

const proofJson = (p: Proof) => ({ challenge: String(p.challenge), response: String(p.response) });
const keyJson = (k: TrusteePublicKey) => ({
  pok: proofJson(k.pok),
  public_key: String(k.publicKey),
  ...(k.name !== undefined ? { name: k.name } : {}),
});
const signedJson = (s: SignedMessage) => ({
  message: s.message,
  signature: proofJson(s.signature),
});

/** The canonical bytes of a trustees structure. */
export function serializeTrustees(items: readonly TrusteeKind[]): string {
  return JSON.stringify(
    items.map((item) =>
      item.kind === 'Single'
        ? ['Single', keyJson(item.key)]
        : [
            'Pedersen',
            {
              threshold: item.params.threshold,
              certs: item.params.certs.map(signedJson),
              coefexps: item.params.coefexps.map(signedJson),
              verification_keys: item.params.verificationKeys.map(keyJson),
            },
          ],
    ),
  );
}
