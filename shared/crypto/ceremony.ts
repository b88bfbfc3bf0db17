/**
 * The Pedersen key establishment of the Belenios 2.0 specification (§4.6), as the trustees' and
 * the server's halves: each trustee's browser runs certFor (step 1), makePolynomial (step 3) and
 * makeVoutput (step 5) from its own seed; the server checks what it relays (checkCert,
 * checkPolynomial, checkVoutput), routes the shares (routeVinputs, step 4) and publishes the
 * threshold parameters (step 6). Shares travel only inside channel messages (§4.6.3): signed by
 * the sender, encrypted to the recipient's encryption key, so the relay never reads them.
 *
 * The symmetric part of a channel is AES-256 in CCM mode (64-bit tag, no associated data),
 * composed from @noble/ciphers' CBC (the CBC-MAC) and CTR, exactly as the specification and
 * SJCL, which the reference implementation uses, define it.
 */
import { cbc, ctr } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { BASE58 } from './credentials.ts';
import { div, isMember, modQ, mul, pow } from './group.ts';
import { G } from './keys.ts';
import { proveSchnorr, verifySchnorr, type Proof } from './proofs.ts';
import { randomChars, randomZq } from './random.ts';
import {
  certMessage,
  coefexpsMessage,
  expectedVerificationKey,
  keysFromSeed,
  readCert,
  readCoefexps,
  signMessage,
  verifySignedMessage,
  verifyTrusteeKey,
  type SignedMessage,
  type ThresholdParameters,
  trusteeKeyOf,
  type TrusteePublicKey,
} from './trustees.ts';

/** A polynomial structure (§4.6.4): what trustee i publishes in step 3. */
export type Polynomial = { polynomial: string; secrets: string[]; coefexps: SignedMessage };
/** A vinput (§4.6.5): what the server routes to trustee j in step 4. */
export type Vinput = { polynomial: string; secrets: string[]; coefexps: SignedMessage[] };
/** A voutput (§4.6.6): what trustee j returns in step 5. */
export type Voutput = { privateKey: string; publicKey: TrusteePublicKey };

/** A fresh 22-character Base58 seed (§4.6.1): the one secret a trustee must keep. */
export function newSeed(): string {
  return randomChars(BASE58, 22);
}

/** Whether a string has the shape of a seed. */
export function isSeed(seed: string): boolean {
  return seed.length === 22 && [...seed].every((c) => BASE58.includes(c));
}

// ---------------------------------------------------------------------------------------------
// AES-CCM (NIST SP 800-38C), as SJCL's sjcl.mode.ccm with a 64-bit tag and no associated data.

const CCM_TAG = 8;

/** The nonce SJCL keeps of a longer IV: 15 − L bytes, L the bytes needed for the length (≥ 2). */
function ccmParams(iv: Uint8Array, length: number) {
  let L = 2;
  while (L < 4 && length >>> (8 * L)) L++;
  if (L < 15 - iv.length) L = 15 - iv.length;
  return { L, nonce: iv.subarray(0, 15 - L) };
}

function counterBlock(L: number, nonce: Uint8Array, index: number): Uint8Array {
  const block = new Uint8Array(16);
  block[0] = L - 1;
  block.set(nonce, 1);
  for (let i = 0; i < L; i++) block[15 - i] = (index / 2 ** (8 * i)) & 0xff;
  return block;
}

function cbcMac(key: Uint8Array, L: number, nonce: Uint8Array, plain: Uint8Array): Uint8Array {
  const b0 = new Uint8Array(16);
  b0[0] = (((CCM_TAG - 2) / 2) << 3) | (L - 1);
  b0.set(nonce, 1);
  for (let i = 0; i < L; i++) b0[15 - i] = (plain.length / 2 ** (8 * i)) & 0xff;
  const padded = new Uint8Array(16 + Math.ceil(plain.length / 16) * 16);
  padded.set(b0);
  padded.set(plain, 16);
  const chained = cbc(key, new Uint8Array(16), { disablePadding: true }).encrypt(padded);
  return chained.subarray(chained.length - 16, chained.length - 16 + CCM_TAG);
}

function ccmEncrypt(key: Uint8Array, iv: Uint8Array, plain: Uint8Array): Uint8Array {
  const { L, nonce } = ccmParams(iv, plain.length);
  const tag = cbcMac(key, L, nonce, plain);
  const stream = ctr(key, counterBlock(L, nonce, 0)).encrypt(
    new Uint8Array([...new Uint8Array(16), ...plain]),
  );
  const out = new Uint8Array(plain.length + CCM_TAG);
  out.set(stream.subarray(16));
  for (let i = 0; i < CCM_TAG; i++) out[plain.length + i] = tag[i]! ^ stream[i]!;
  return out;
}

function ccmDecrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array | undefined {
  if (data.length < CCM_TAG) return undefined;
  const length = data.length - CCM_TAG;
  const { L, nonce } = ccmParams(iv, length);
  const stream = ctr(key, counterBlock(L, nonce, 0)).encrypt(
    new Uint8Array([...new Uint8Array(16), ...data.subarray(0, length)]),
  );
  const plain = stream.slice(16);
  const tag = cbcMac(key, L, nonce, plain);
  let diff = 0;
  for (let i = 0; i < CCM_TAG; i++) diff |= data[length + i]! ^ stream[i]! ^ tag[i]!;
  return diff === 0 ? plain : undefined;
}

// ---------------------------------------------------------------------------------------------
// Encrypted messages (§4.6.1) and channels (§4.6.3).

const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/)
  .transform((s) => BigInt(s));
const proofJson = z.strictObject({ challenge: decimal, response: decimal });
const signedJson = z.strictObject({ message: z.string(), signature: proofJson });
const encryptedJson = z.strictObject({
  alpha: decimal,
  beta: decimal,
  data: z.string().regex(/^([0-9a-f]{2})*$/),
});
const channelJson = z.strictObject({ recipient: decimal, message: z.string() });

function parse<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

const symmetricKey = (gs: bigint) => hexToBytes(bytesToHex(sha256(utf8ToBytes(`key|${gs}`))));
const symmetricIv = (alpha: bigint) => sha256(utf8ToBytes(`iv|${alpha}`));

/** Encrypts a message to an encryption key: an encrypted_msg, serialized. */
export function encryptMessage(encryptionKey: bigint, message: string): string {
  const r = randomZq();
  const s = randomZq();
  const alpha = G().pow(r);
  const gs = G().pow(s);
  const beta = mul(pow(encryptionKey, r), gs);
  const data = ccmEncrypt(symmetricKey(gs), symmetricIv(alpha), utf8ToBytes(message));
  return JSON.stringify({ alpha: String(alpha), beta: String(beta), data: bytesToHex(data) });
}

/** Decrypts an encrypted_msg with a decryption key; undefined when it does not open. */
export function decryptMessage(decryptionKey: bigint, text: string): string | undefined {
  const m = parse(encryptedJson, text);
  if (!m || !isMember(m.alpha) || !isMember(m.beta)) return undefined;
  const gs = div(m.beta, pow(m.alpha, decryptionKey));
  const plain = ccmDecrypt(symmetricKey(gs), symmetricIv(m.alpha), hexToBytes(m.data));
  if (!plain) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}

const serializeSigned = (s: SignedMessage) =>
  JSON.stringify({
    message: s.message,
    signature: { challenge: String(s.signature.challenge), response: String(s.signature.response) },
  });

/** send(sk, recipient, message) of §4.6.3. */
export function send(signingKey: bigint, recipient: bigint, message: string): string {
  const channel = JSON.stringify({ recipient: String(recipient), message });
  return encryptMessage(recipient, serializeSigned(signMessage(signingKey, channel)));
}

/**
 * Opens a channel message sent to `me` (decryption key and its encryption key) by the holder of
 * `senderVerification`: the signature and the recipient are checked. Undefined otherwise.
 */
export function receive(
  me: { decryption: bigint; encryption: bigint },
  senderVerification: bigint,
  text: string,
): string | undefined {
  const opened = decryptMessage(me.decryption, text);
  const signed = opened === undefined ? undefined : parse(signedJson, opened);
  if (!signed || !verifySignedMessage(senderVerification, signed)) return undefined;
  const channel = parse(channelJson, signed.message);
  return channel && channel.recipient === me.encryption ? channel.message : undefined;
}

// ---------------------------------------------------------------------------------------------
// The trustees' steps.

/** The keys a seed derives, public and private. */
export function seedKeys(seed: string) {
  const { signing, decryption } = keysFromSeed(seed);
  return {
    signing,
    decryption,
    verification: G().pow(signing),
    encryption: G().pow(decryption),
  };
}

/** Step 1: the trustee's certificate. */
export function certFor(seed: string): SignedMessage {
  const k = seedKeys(seed);
  return signMessage(k.signing, certMessage(k.verification, k.encryption));
}

/** Checks a certificate (step 2): its keys are group members and it is signed by its own key. */
export function checkCert(
  cert: SignedMessage,
): { verification: bigint; encryption: bigint } | undefined {
  const keys = readCert(cert);
  if (!keys || !isMember(keys.verification) || !isMember(keys.encryption)) return undefined;
  return verifySignedMessage(keys.verification, cert) ? keys : undefined;
}

/** The 0-based position of the seed's certificate among the certificates, or -1. */
export function positionOf(seed: string, certs: readonly SignedMessage[]): number {
  const k = seedKeys(seed);
  return certs.findIndex((c) => {
    const keys = readCert(c);
    return keys?.verification === k.verification && keys.encryption === k.encryption;
  });
}

const evaluate = (poly: readonly bigint[], x: number) =>
  poly.reduceRight((acc, a) => modQ(acc * BigInt(x) + a), 0n);

/**
 * Step 3: a random polynomial of degree threshold − 1, its coefficients sent to the trustee
 * itself, the share f(j) sent to each trustee j, and the signed coefficient commitments.
 */
export function makePolynomial(
  seed: string,
  certs: readonly SignedMessage[],
  threshold: number,
): Polynomial {
  const k = seedKeys(seed);
  if (positionOf(seed, certs) < 0) throw new Error('seed matches no certificate');
  // A threshold of 1 would hand each trustee's whole secret to every other: never below 2.
  if (!Number.isInteger(threshold) || threshold < 2 || threshold > certs.length)
    throw new Error(`threshold ${threshold} out of range for ${certs.length} trustees`);
  const keys = certs.map((c) => checkCert(c));
  if (keys.some((x) => x === undefined)) throw new Error('invalid certificate');
  const poly = Array.from({ length: threshold }, () => randomZq());
  const raw = JSON.stringify({ polynomial: poly.map(String) });
  return {
    polynomial: send(k.signing, k.encryption, raw),
    secrets: keys.map((key, j) =>
      send(k.signing, key!.encryption, JSON.stringify({ secret: String(evaluate(poly, j + 1)) })),
    ),
    coefexps: signMessage(k.signing, coefexpsMessage(poly.map((a) => G().pow(a)))),
  };
}

/** Checks trustee i's polynomial (0-based) against its certificate and the threshold. */
export function checkPolynomial(
  certs: readonly SignedMessage[],
  i: number,
  threshold: number,
  polynomial: Polynomial,
): bigint[] | undefined {
  const keys = checkCert(certs[i]!);
  if (!keys || polynomial.secrets.length !== certs.length) return undefined;
  const list = readCoefexps(polynomial.coefexps);
  if (!list || list.length !== threshold || !list.every(isMember)) return undefined;
  return verifySignedMessage(keys.verification, polynomial.coefexps) ? list : undefined;
}

/** Step 4: the vinput of each trustee j, routed from every polynomial. */
export function routeVinputs(polynomials: readonly Polynomial[]): Vinput[] {
  return polynomials.map((own, j) => ({
    polynomial: own.polynomial,
    secrets: polynomials.map((p) => p.secrets[j]!),
    coefexps: polynomials.map((p) => p.coefexps),
  }));
}

/**
 * Step 5: trustee j opens each share sent to it, checks it against its sender's commitments
 * (g^s_ij = ∏_k A_ik^(j^k)), sums them into its private key S_j and returns the voutput.
 * A problem (in Indonesian) names the trustee whose share does not check.
 */
export function makeVoutput(
  seed: string,
  certs: readonly SignedMessage[],
  vinput: Vinput,
): { voutput: Voutput; share: bigint } | { problem: string } {
  const k = seedKeys(seed);
  const j = positionOf(seed, certs) + 1;
  if (j === 0) return { problem: 'Kunci ini tidak cocok dengan sertifikat mana pun.' };
  if (vinput.secrets.length !== certs.length || vinput.coefexps.length !== certs.length)
    return { problem: 'Data putaran ketiga tidak lengkap.' };
  const me = { decryption: k.decryption, encryption: k.encryption };
  // Every polynomial must have the degree of the trustee's own (as belenios-tool checks).
  const own = receive(me, k.verification, vinput.polynomial);
  const degree =
    own === undefined
      ? undefined
      : parse(z.strictObject({ polynomial: z.array(decimal) }), own)?.polynomial.length;
  if (degree === undefined || degree < 2 || degree > certs.length)
    return { problem: 'Polinomial Anda sendiri tidak terbaca atau ambangnya tidak sah.' };
  let share = 0n;
  for (let i = 0; i < certs.length; i++) {
    const sender = checkCert(certs[i]!);
    const signed =
      sender && verifySignedMessage(sender.verification, vinput.coefexps[i]!)
        ? readCoefexps(vinput.coefexps[i]!)
        : undefined;
    const list = signed && signed.length === degree && signed.every(isMember) ? signed : undefined;
    const opened = sender && receive(me, sender.verification, vinput.secrets[i]!);
    const read =
      opened === undefined ? undefined : parse(z.strictObject({ secret: decimal }), opened)?.secret;
    // belenios-tool does not reduce f_i(j) mod q; the check below holds for either form.
    const secret = read === undefined ? undefined : modQ(read);
    if (!list || secret === undefined || G().pow(secret) !== expectedVerificationKey([list], j))
      return { problem: `Bagian kunci dari wali kunci ${i + 1} tidak sah.` };
    share = modQ(share + secret);
  }
  return {
    share,
    voutput: {
      privateKey: send(k.signing, k.encryption, JSON.stringify({ decryption_key: String(share) })),
      publicKey: trusteeKeyOf(share),
    },
  };
}

/** Step 6 for one trustee: its verification key is the one the commitments give, with a valid proof. */
export function checkVoutput(
  coefexps: readonly (readonly bigint[])[],
  j: number,
  voutput: Voutput,
): boolean {
  return (
    verifyTrusteeKey(voutput.publicKey) &&
    voutput.publicKey.publicKey === expectedVerificationKey(coefexps, j)
  );
}

/** Step 6: the threshold parameters published in the election's trustees. */
export function thresholdParameters(
  threshold: number,
  certs: readonly SignedMessage[],
  polynomials: readonly Polynomial[],
  voutputs: readonly Voutput[],
): ThresholdParameters {
  return {
    threshold,
    certs: [...certs],
    coefexps: polynomials.map((p) => p.coefexps),
    verificationKeys: voutputs.map((v) => v.publicKey),
  };
}

/**
 * The private key S_j again, from the seed alone and the voutput's private_key (a channel
 * message from the trustee to itself holding {"decryption_key": S_j}, as belenios-tool writes it,
 * kept by the server): the paper backup's way back.
 */
export function recoverShare(seed: string, privateKey: string): bigint | undefined {
  const k = seedKeys(seed);
  const opened = receive(
    { decryption: k.decryption, encryption: k.encryption },
    k.verification,
    privateKey,
  );
  const share =
    opened === undefined
      ? undefined
      : parse(z.strictObject({ decryption_key: decimal }), opened)?.decryption_key;
  // belenios-tool writes the plain sum of the shares, not reduced mod q.
  return share === undefined ? undefined : modQ(share);
}

// ---------------------------------------------------------------------------------------------
// Wire forms (the JSON of §4.6, as belenios-tool reads and writes it).

export const serializeSignedMessage = serializeSigned;

export function serializePolynomial(p: Polynomial): string {
  return `{"polynomial":${JSON.stringify(p.polynomial)},"secrets":${JSON.stringify(p.secrets)},"coefexps":${serializeSigned(p.coefexps)}}`;
}

export function serializeVinput(v: Vinput): string {
  return `{"polynomial":${JSON.stringify(v.polynomial)},"secrets":${JSON.stringify(v.secrets)},"coefexps":[${v.coefexps.map(serializeSigned).join(',')}]}`;
}

export function serializeVoutput(v: Voutput): string {
  const k = v.publicKey;
  return JSON.stringify({
    private_key: v.privateKey,
    public_key: {
      pok: { challenge: String(k.pok.challenge), response: String(k.pok.response) },
      public_key: String(k.publicKey),
    },
  });
}

const pokJson = z.strictObject({ pok: proofJson, public_key: decimal });

export function readSignedMessage(text: string): SignedMessage | undefined {
  return parse(signedJson, text);
}

export function readPolynomial(text: string): Polynomial | undefined {
  return parse(
    z.strictObject({ polynomial: z.string(), secrets: z.array(z.string()), coefexps: signedJson }),
    text,
  );
}

export function readVinput(text: string): Vinput | undefined {
  return parse(
    z.strictObject({
      polynomial: z.string(),
      secrets: z.array(z.string()),
      coefexps: z.array(signedJson),
    }),
    text,
  );
}

export function readVoutput(text: string): Voutput | undefined {
  const v = parse(z.strictObject({ private_key: z.string(), public_key: pokJson }), text);
  return (
    v && {
      privateKey: v.private_key,
      publicKey: { publicKey: v.public_key.public_key, pok: v.public_key.pok },
    }
  );
}

// ---------------------------------------------------------------------------------------------
// The key check before lock: a fresh proof that the trustee holds S_j.

const keyCheckInput = (uuid: string, nonce: string, x: bigint) => (a: bigint) =>
  `bem-keycheck|${uuid}|${nonce}|${x}|${a}`;

/** Proves knowledge of the private key behind verification key g^share for this challenge. */
export function proveKeyCheck(uuid: string, nonce: string, share: bigint): Proof {
  return proveSchnorr(share, keyCheckInput(uuid, nonce, G().pow(share)));
}

/** Checks a key-check proof against the verification key on record. */
export function verifyKeyCheck(
  uuid: string,
  nonce: string,
  verificationKey: bigint,
  proof: Proof,
): boolean {
  return verifySchnorr(verificationKey, proof, keyCheckInput(uuid, nonce, verificationKey));
}

// ---------------------------------------------------------------------------------------------
// A trustee's whole turn at once (tools and tests that act as a trustee's browser).

/** What the server tells a trustee of their ceremony (GET /elections/{id}/ceremony/me). */
export type TrusteeRound = {
  position: number;
  uuid: string;
  threshold: number;
  attempt: number;
  phase: string;
  done: { cert: boolean; polynomial: boolean; voutput: boolean; keyChecked: boolean };
  certs: string[] | null;
  vinput: string | null;
  voutput: string | null;
  keyCheckNonce: string;
};

/**
 * The message a trustee holding `seed` sends now, if it is their turn: the step's path under
 * /ceremony/ and its body, and their private key once they have one.
 */
export function trusteeTurn(
  seed: string,
  r: TrusteeRound,
):
  | { step: 'cert' | 'polynomial' | 'voutput' | 'key-check'; body: object; share?: bigint }
  | undefined {
  if (r.phase === 'certs' && !r.done.cert)
    return { step: 'cert', body: { cert: serializeSigned(certFor(seed)), percobaan: r.attempt } };
  const certs = r.certs?.map((c) => readSignedMessage(c)!);
  if (r.phase === 'polynomials' && !r.done.polynomial)
    return {
      step: 'polynomial',
      body: {
        polynomial: serializePolynomial(makePolynomial(seed, certs!, r.threshold)),
        percobaan: r.attempt,
      },
    };
  if (r.phase === 'voutputs' && !r.done.voutput) {
    const made = makeVoutput(seed, certs!, readVinput(r.vinput!)!);
    if ('problem' in made) throw new Error(made.problem);
    return {
      step: 'voutput',
      body: { voutput: serializeVoutput(made.voutput), percobaan: r.attempt },
      share: made.share,
    };
  }
  if ((r.phase === 'keycheck' || r.phase === 'ready') && !r.done.keyChecked) {
    const share = recoverShare(seed, readVoutput(r.voutput!)!.privateKey)!;
    const proof = proveKeyCheck(r.uuid, r.keyCheckNonce, share);
    return {
      step: 'key-check',
      body: { bukti: { challenge: String(proof.challenge), response: String(proof.response) } },
      share,
    };
  }
  return undefined;
}
