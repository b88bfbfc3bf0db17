/**
 * Strict readers for the record's data items other than ballots and the election: setup_data,
 * trustees, public credentials, the (sized) encrypted tally, owned partial decryptions and the
 * result. Each returns the item or throws an Error in Indonesian naming what is wrong.
 */
import { z } from 'zod';
import type { PartialDecryption } from '../decryption.ts';
import type { Ciphertext } from '../elgamal.ts';
import type { TrusteeKind } from '../trustees.ts';

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/)
  .transform((s) => BigInt(s));
const proof = z.strictObject({ challenge: decimal, response: decimal });
const trusteeKey = z
  .strictObject({ pok: proof, public_key: decimal, name: z.string().optional() })
  .transform((k) => ({
    publicKey: k.public_key,
    pok: k.pok,
    ...(k.name !== undefined ? { name: k.name } : {}),
  }));
const signed = z.strictObject({ message: z.string(), signature: proof });
const trustees = z.array(
  z.union([
    z
      .tuple([z.literal('Single'), trusteeKey])
      .transform(([, key]): TrusteeKind => ({ kind: 'Single', key })),
    z
      .tuple([
        z.literal('Pedersen'),
        z.strictObject({
          threshold: z.number().int(),
          certs: z.array(signed),
          coefexps: z.array(signed),
          verification_keys: z.array(trusteeKey),
        }),
      ])
      .transform(([, p]): TrusteeKind => ({
        kind: 'Pedersen',
        params: {
          threshold: p.threshold,
          certs: p.certs,
          coefexps: p.coefexps,
          verificationKeys: p.verification_keys,
        },
      })),
  ]),
);
const ciphertext = z.strictObject({ alpha: decimal, beta: decimal });

function read<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${what} bukan JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`${what} tidak sesuai format`);
  return parsed.data;
}

/** setup_data: the hashes of the election, trustees and credentials items. */
export function readSetupData(text: string) {
  return read(
    z.strictObject({ election: hash, trustees: hash, credentials: hash }),
    text,
    'setup_data',
  );
}

/** The trustees structure. */
export function readTrustees(text: string): TrusteeKind[] {
  const items = read(trustees, text, 'struktur wali kunci');
  if (items.length === 0) throw new Error('struktur wali kunci kosong');
  return items;
}

/** Public credentials, each with its weight (1 when none is given). */
export function readCredentials(text: string): { credential: bigint; weight: number }[] {
  const list = read(z.array(z.string()), text, 'daftar kredensial publik');
  return list.map((entry) => {
    const m = /^(0|[1-9][0-9]*)(?:,([1-9][0-9]*))?$/.exec(entry);
    if (!m) throw new Error('kredensial publik tidak sah');
    const weight = m[2] === undefined ? 1 : Number(m[2]);
    if (!Number.isSafeInteger(weight)) throw new Error('bobot kredensial tidak sah');
    return { credential: BigInt(m[1]!), weight };
  });
}

/** The encrypted tally: ciphertexts per question and slot. */
export function readEncryptedTally(text: string): Ciphertext[][] {
  return read(z.array(z.array(ciphertext)), text, 'tally terenkripsi');
}

/** The sized encrypted tally that the EncryptedTally event carries. */
export function readSizedTally(text: string) {
  return read(
    z.strictObject({
      num_tallied: z.number().int().min(0),
      total_weight: z.number().int().min(0),
      encrypted_tally: hash,
    }),
    text,
    'sized_encrypted_tally',
  );
}

/** An owned item: who (1-based owner id) and which data item. */
export function readOwned(text: string) {
  return read(
    z.strictObject({ owner: z.number().int().min(1), payload: hash }),
    text,
    'data milik wali kunci',
  );
}

/** A partial decryption. */
export function readPartialDecryption(text: string): PartialDecryption {
  const pd = read(
    z.strictObject({
      decryption_factors: z.array(z.array(decimal)),
      decryption_proofs: z.array(z.array(proof)),
    }),
    text,
    'dekripsi parsial',
  );
  return { factors: pd.decryption_factors, proofs: pd.decryption_proofs };
}

/** The result: counts per question and slot. */
export function readResult(text: string): number[][] {
  return read(z.strictObject({ result: z.array(z.array(z.number().int().min(0))) }), text, 'hasil')
    .result;
}

const ciphertextJson = (c: Ciphertext) => ({ alpha: String(c.alpha), beta: String(c.beta) });

/** The canonical bytes of setup_data. */
export function serializeSetupData(
  election: string,
  trustees: string,
  credentials: string,
): string {
  return JSON.stringify({ election, trustees, credentials });
}

/** The canonical bytes of a public credential list (no weights). */
export function serializeCredentials(credentials: readonly bigint[]): string {
  return JSON.stringify(credentials.map(String));
}

/** The canonical bytes of an encrypted tally. */
export function serializeEncryptedTally(tally: readonly (readonly Ciphertext[])[]): string {
  return JSON.stringify(tally.map((row) => row.map(ciphertextJson)));
}

/** The canonical bytes of a sized encrypted tally. */
export function serializeSizedTally(
  numTallied: number,
  totalWeight: number,
  tallyHash: string,
): string {
  return JSON.stringify({
    num_tallied: numTallied,
    total_weight: totalWeight,
    encrypted_tally: tallyHash,
  });
}

/** The canonical bytes of a partial decryption. */
export function serializePartialDecryption(pd: PartialDecryption): string {
  return JSON.stringify({
    decryption_factors: pd.factors.map((row) => row.map(String)),
    decryption_proofs: pd.proofs.map((row) =>
      row.map((p) => ({ challenge: String(p.challenge), response: String(p.response) })),
    ),
  });
}

/** The canonical bytes of an owned item. */
export function serializeOwned(owner: number, payload: string): string {
  return JSON.stringify({ owner, payload });
}

/** The canonical bytes of a result. */
export function serializeResult(result: readonly (readonly number[])[]): string {
  return JSON.stringify({ result });
}
