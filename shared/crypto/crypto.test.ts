import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballotTracker,
  buildBallot,
  checkBallot,
  isValidPlaintext,
  serializeBallot,
  type Question,
} from './ballot.ts';
import {
  credentialSecret,
  generateCredential,
  isValidCredential,
  publicCredential,
} from './credentials.ts';
import { combine, encrypt } from './elgamal.ts';
import { FixedBase } from './fixed-base.ts';
import { bigintModPow, div, g, inv, isMember, modQ, mul, p, pow, q } from './group.ts';
import { hashToZq, sha256B64, sha256Hex } from './hash.ts';
import { electionKeys, G } from './keys.ts';
import { parseBallot } from './parse.ts';
import { proveOr, proveSchnorr, verifyOr, verifySchnorr, type Proof } from './proofs.ts';
import { randomZq } from './random.ts';

const exponent = fc.bigInt({ min: 0n, max: q - 1n });
const secretKey = randomZq();
const keys = electionKeys(G().pow(secretKey));

/** Decrypts a small plaintext with the election's secret key (tests only). */
function decryptSmall(c: { alpha: bigint; beta: bigint }, x = secretKey): number {
  const gm = div(c.beta, pow(c.alpha, x));
  for (let m = 0, acc = 1n; m < 100; m++, acc = mul(acc, g)) if (acc === gm) return m;
  throw new Error('plaintext out of range');
}

describe('group BELENIOS-2048', () => {
  it('has a 2048-bit p, a 256-bit q dividing p − 1, and g of order q', () => {
    expect(p.toString(2)).toHaveLength(2048);
    expect(q.toString(2)).toHaveLength(256);
    expect((p - 1n) % q).toBe(0n);
    expect(bigintModPow(g, q)).toBe(1n);
    expect(g).not.toBe(1n);
  });

  it('accepts subgroup members and refuses everything else', () => {
    fc.assert(
      fc.property(exponent, (e) => isMember(G().pow(e))),
      { numRuns: 20 },
    );
    for (const x of [0n, p, p + 1n, -1n, p - 1n, 2n]) expect(isMember(x)).toBe(false);
    // An element of order 2·q is in (Z/pZ)* but not in the subgroup.
    expect(isMember(mul(G().pow(5n), p - 1n))).toBe(false);
  });

  it('fixed-base tables agree with square-and-multiply for any exponent', () => {
    const base = G().pow(randomZq());
    const table = new FixedBase(base, 5);
    fc.assert(
      fc.property(
        exponent,
        (e) => table.pow(e) === bigintModPow(base, e) && G().pow(e) === bigintModPow(g, e),
      ),
      { numRuns: 25 },
    );
    expect(table.pow(-1n)).toBe(inv(base));
    expect(table.pow(q)).toBe(1n);
  });

  it('exponentiates on BigInt (sliding windows) as square-and-multiply does', () => {
    const reference = (base: bigint, e: bigint) => {
      let r = 1n;
      for (let b = base % p; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
      return r;
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: p - 1n }),
        fc.oneof(exponent, fc.bigInt({ min: 0n, max: 70n })),
        (base, e) => bigintModPow(base, e) === reference(base, e),
      ),
      { numRuns: 60 },
    );
    // Windows that end in zeros, a run of ones, and the largest exponent.
    for (const e of [0n, 1n, 2n, 32n, 0b100000n, 0b111111111n, q - 1n])
      expect(bigintModPow(g, e)).toBe(reference(g, e));
    expect(() => bigintModPow(g, -1n)).toThrow(RangeError);
  });

  it('draws exponents in [0, q)', () => {
    const draws = Array.from({ length: 200 }, randomZq);
    expect(draws.every((x) => x >= 0n && x < q)).toBe(true);
    expect(new Set(draws).size).toBe(200);
  });
});

describe('hashes', () => {
  it('writes SHA-256 as hex, unpadded base64 and an integer mod q', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256B64('')).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU');
    expect(hashToZq('abc')).toBe(BigInt('0x' + sha256Hex('abc')) % q);
  });
});

describe('credentials', () => {
  it('derives the public credential that belenios-tool published for the same secret', () => {
    // Made by belenios-tool 2.0 setup generate-credentials for the election uuid below.
    expect(isValidCredential('oGD-tE3-8bZ-kAn-y8d')).toBe(true);
    expect(publicCredential('oGD-tE3-8bZ-kAn-y8d', 'zjdYxWrucKWBjP')).toBe(
      10946015157250254142049549934996129284093273619113943570404402480970611293900643618553200481543621710826777925703833379894005087266520623290160955173829669986502850179911178885424550618181038861062805639923381909144146969409776192328777859452420480188840597141742377351391876476071698060539065509138822330848714384260536357500221714568687401279678633770542421806691899880470529136914743858322264359030517228730480693577929590570891921286946451763631399442638860378694940889835177015291676345468032151858210709178935351290826205432466423973152925387663603566883762555669041038274031898745602246932023453135296612307820n,
    );
  });

  it('generates credentials whose checksum holds and refuses any changed character', () => {
    for (let i = 0; i < 50; i++) {
      const c = generateCredential();
      expect(isValidCredential(c)).toBe(true);
      const pos = [0, 5, 9, 14, 18][i % 5]!;
      const other = c[pos] === 'a' ? 'b' : 'a';
      expect(isValidCredential(c.slice(0, pos) + other + c.slice(pos + 1))).toBe(false);
    }
    expect(isValidCredential('oGDtE38bZkAny8d')).toBe(false);
    expect(credentialSecret('oGD-tE3-8bZ-kAn-y8d', 'a')).not.toBe(
      credentialSecret('oGD-tE3-8bZ-kAn-y8d', 'b'),
    );
  });
});

describe('ElGamal', () => {
  it('encrypts small integers that decrypt back, and multiplies into sums', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }),
        (ms) => {
          const cts = ms.map((m) => encrypt(keys, BigInt(m), randomZq()));
          return (
            cts.every((c, i) => decryptSmall(c) === ms[i]) &&
            decryptSmall(combine(cts)) === ms.reduce((a, b) => a + b, 0)
          );
        },
      ),
      { numRuns: 15 },
    );
  });
});

/** Every single-field change of a proof list, and changes to its statement. */
function mutations(proofs: Proof[]): Proof[][] {
  const out: Proof[][] = [];
  proofs.forEach((pr, i) => {
    for (const field of ['challenge', 'response'] as const) {
      for (const v of [modQ(pr[field] + 1n), pr[field] + q]) {
        const copy = proofs.map((x) => ({ ...x }));
        copy[i]![field] = v;
        out.push(copy);
      }
    }
  });
  return out;
}

describe('disjunctive proofs (interval membership)', () => {
  const input = (s: string) => (xs: readonly bigint[]) => `prove|${s}|${xs.join(',')}`;

  it('verify for the true value and fail after any change to a field or the statement', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), (m) => {
        const r = randomZq();
        const c = encrypt(keys, BigInt(m), r);
        const proofs = proveOr(
          keys,
          [0, 1].map((k) => ({ r, d: BigInt(m - k) })),
          m,
          input('S'),
        );
        const branches = (ct: typeof c) =>
          [0, 1].map((k) => ({ u: ct.alpha, v: mul(ct.beta, G().pow(BigInt(-k))) }));
        if (!verifyOr(keys, branches(c), proofs, input('S'))) return false;
        if (verifyOr(keys, branches(c), proofs, input('T'))) return false;
        if (verifyOr(keys, branches({ alpha: c.alpha, beta: mul(c.beta, g) }), proofs, input('S')))
          return false;
        if (verifyOr(keys, branches({ alpha: mul(c.alpha, g), beta: c.beta }), proofs, input('S')))
          return false;
        if (verifyOr(keys, branches(c), proofs.slice(0, 1), input('S'))) return false;
        return mutations(proofs).every((bad) => !verifyOr(keys, branches(c), bad, input('S')));
      }),
      { numRuns: 6 },
    );
  });

  it('cannot prove a value outside the set', () => {
    const r = randomZq();
    const c = encrypt(keys, 2n, r);
    const proofs = proveOr(
      keys,
      [0, 1].map((k) => ({ r, d: BigInt(2 - k) })),
      1,
      input('S'),
    );
    const branches = [0, 1].map((k) => ({ u: c.alpha, v: mul(c.beta, G().pow(BigInt(-k))) }));
    expect(verifyOr(keys, branches, proofs, input('S'))).toBe(false);
  });
});

describe('Schnorr proofs', () => {
  it('prove knowledge of a key and fail for another key, message or field', () => {
    const x = randomZq();
    const X = G().pow(x);
    const h = (a: bigint) => `pok|BELENIOS-2048|${X}|${a}`;
    const proof = proveSchnorr(x, h);
    expect(verifySchnorr(X, proof, h)).toBe(true);
    expect(verifySchnorr(mul(X, g), proof, h)).toBe(false);
    expect(verifySchnorr(X, proof, (a) => `pok|RFC-3526-2048|${X}|${a}`)).toBe(false);
    for (const bad of mutations([proof])) expect(verifySchnorr(X, bad[0]!, h)).toBe(false);
  });
});

const question: Question = {
  answers: ['Paslon 1', 'Paslon 2', 'Paslon 3', 'Paslon 4', 'Paslon 5', 'Kotak Kosong'],
  blank: true,
  min: 1,
  max: 1,
  question: 'Ketua dan Wakil Ketua BEM',
};
const uuid = 'T8xPaSp7nMXqbD';
const ctx = { uuid, fingerprint: sha256B64('election'), keys, questions: [question] };
const vote = (choice: number) => [
  [choice === 0 ? 1 : 0, ...question.answers.map((_, i) => (i + 1 === choice ? 1 : 0))],
];

describe('ballots', () => {
  const credential = generateCredential();
  const secret = credentialSecret(credential, uuid);

  it('accept exactly the plaintexts with one choice, or blank', () => {
    expect(isValidPlaintext(question, vote(0)[0]!)).toBe(true);
    expect(isValidPlaintext(question, vote(3)[0]!)).toBe(true);
    expect(isValidPlaintext(question, [0, 0, 0, 0, 0, 0, 0])).toBe(false);
    expect(isValidPlaintext(question, [0, 1, 1, 0, 0, 0, 0])).toBe(false);
    expect(isValidPlaintext(question, [1, 1, 0, 0, 0, 0, 0])).toBe(false);
    expect(isValidPlaintext(question, [0, 2, 0, 0, 0, 0, 0])).toBe(false);
    expect(() => buildBallot(ctx, secret, [[0, 1, 1, 0, 0, 0, 0]])).toThrow();
  });

  it('encrypt each choice so that it decrypts back, and pass every check', () => {
    for (const choice of [0, 1, 6]) {
      const ballot = buildBallot(ctx, secret, vote(choice));
      expect(checkBallot(ctx, ballot)).toBeUndefined();
      expect(ballot.answers[0]!.choices.map((c) => decryptSmall(c))).toEqual(vote(choice)[0]);
      expect(ballot.credential).toBe(publicCredential(credential, uuid));
    }
  });

  it('round-trip through their canonical bytes, and refuse any other spelling', () => {
    const text = serializeBallot(buildBallot(ctx, secret, vote(2)));
    const parsed = parseBallot(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(serializeBallot(parsed.ballot)).toBe(text);
    expect(ballotTracker(text)).toBe(sha256B64(text));
    const obj = JSON.parse(text);
    expect(parseBallot(JSON.stringify(obj, null, 1))).toEqual({
      ok: false,
      reason: 'not-canonical',
    });
    const { election_uuid, ...rest } = obj;
    expect(parseBallot(JSON.stringify({ ...rest, election_uuid }))).toEqual({
      ok: false,
      reason: 'not-canonical',
    });
    expect(parseBallot(text.replace('"credential":"', '"credential":"0'))).toEqual({
      ok: false,
      reason: 'wrong-shape',
    });
    expect(parseBallot(text.replace('}', ',"extra":1}'))).toEqual({
      ok: false,
      reason: 'wrong-shape',
    });
    expect(parseBallot(text.slice(0, -1))).toEqual({ ok: false, reason: 'not-json' });
  });

  it('fail their check after a change to any number in them', () => {
    const text = serializeBallot(buildBallot(ctx, secret, vote(4)));
    const numbers = [...text.matchAll(/"(\d+)"/g)].map((m) => m.index! + 1);
    fc.assert(
      fc.property(fc.constantFrom(...numbers), fc.integer({ min: 1, max: 9 }), (at, add) => {
        const digit = (Number(text[at]) + add) % 10;
        if (digit === 0 && text[at + 1] !== '"') return true; // a leading zero is refused by shape
        const changed = text.slice(0, at) + String(digit) + text.slice(at + 1);
        const parsed = parseBallot(changed);
        return !parsed.ok || checkBallot(ctx, parsed.ballot) !== undefined;
      }),
      { numRuns: 40 },
    );
  });

  it('fail for another election, another signer, or a proof taken from another ballot', () => {
    const ballot = buildBallot(ctx, secret, vote(1));
    expect(checkBallot({ ...ctx, uuid: 'otherUuid12345' }, ballot)).toBe('wrong-election');
    expect(checkBallot({ ...ctx, fingerprint: sha256B64('other') }, ballot)).toBe('wrong-election');
    const other = buildBallot(ctx, credentialSecret(generateCredential(), uuid), vote(1));
    expect(checkBallot(ctx, { ...ballot, credential: other.credential })).toBe('bad-signature');
    expect(checkBallot(ctx, { ...ballot, signature: other.signature })).toBe('bad-signature');
    const mixed = { ...ballot, answers: other.answers };
    const { signature: _s, ...unsigned } = mixed;
    const resigned = {
      ...unsigned,
      signature: { hash: sha256B64(serializeBallot(unsigned)), proof: ballot.signature.proof },
    };
    expect(checkBallot(ctx, resigned)).toBe('bad-signature');
    const wrongKeys = { ...ctx, keys: electionKeys(G().pow(randomZq())) };
    expect(checkBallot(wrongKeys, ballot)).toBe('bad-proof');
    expect(
      checkBallot(
        { ...ctx, questions: [{ ...question, answers: question.answers.slice(1) }] },
        ballot,
      ),
    ).toBe('bad-proof');
  });

  it('fail when the voter alters an encryption or a proof and signs the result again', () => {
    const ballot = buildBallot(ctx, secret, vote(2));
    const resign = (answers: typeof ballot.answers) => {
      const unsigned = { ...ballot, answers, signature: undefined };
      const hash = sha256B64(serializeBallot(unsigned));
      const proof = proveSchnorr(secret, (a) => `sig|${hash}|${a}`);
      return { ...unsigned, signature: { hash, proof } };
    };
    const a = ballot.answers[0]!;
    expect(checkBallot(ctx, resign([a]))).toBeUndefined();
    // Two choices marked: slot 3 re-encrypted as 1 while the proofs stay.
    const two = {
      ...a,
      choices: a.choices.map((c, i) => (i === 3 ? encrypt(keys, 1n, randomZq()) : c)),
    };
    expect(checkBallot(ctx, resign([two]))).toBe('bad-proof');
    for (const field of ['individualProofs', 'overallProof', 'blankProof'] as const) {
      const proofs = field === 'individualProofs' ? a.individualProofs[0]! : a[field]!;
      const changed = proofs.map((x, i) =>
        i === 0 ? { ...x, response: modQ(x.response + 1n) } : x,
      );
      const answer =
        field === 'individualProofs'
          ? { ...a, individualProofs: [changed, ...a.individualProofs.slice(1)] }
          : { ...a, [field]: changed };
      expect(checkBallot(ctx, resign([answer]))).toBe('bad-proof');
    }
    const { blankProof: _b, ...noBlank } = a;
    expect(checkBallot(ctx, resign([noBlank]))).toBe('bad-proof');
  });
});
