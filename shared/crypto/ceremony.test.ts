import { describe, expect, it } from 'vitest';
import {
  certFor,
  checkCert,
  checkPolynomial,
  checkVoutput,
  decryptMessage,
  encryptMessage,
  makePolynomial,
  makeVoutput,
  newSeed,
  proveKeyCheck,
  readPolynomial,
  readVinput,
  readVoutput,
  receive,
  recoverShare,
  routeVinputs,
  seedKeys,
  send,
  serializePolynomial,
  serializeVinput,
  serializeVoutput,
  thresholdParameters,
  verifyKeyCheck,
  type Polynomial,
} from './ceremony.ts';
import {
  combineFactors,
  decryptCounts,
  encryptedTally,
  partialDecrypt,
  verifyPartialDecryption,
} from './decryption.ts';
import { encrypt } from './elgamal.ts';
import { g, modQ } from './group.ts';
import { electionKeys, G } from './keys.ts';
import { randomZq } from './random.ts';
import { simulateElection } from './simulate.ts';
import { tallyToDecrypt } from './trustee-decryption.ts';
import {
  checkThresholdParameters,
  electionPublicKey,
  generateTrusteeKey,
  readCoefexps,
  signMessage,
  type TrusteeKind,
} from './trustees.ts';

/** A whole ceremony of n trustees in memory, every step through its wire form. */
function ceremony(n: number, threshold: number) {
  const seeds = Array.from({ length: n }, newSeed);
  const certs = seeds.map(certFor);
  const polynomials = seeds.map((s) =>
    readPolynomial(serializePolynomial(makePolynomial(s, certs, threshold)))!,
  );
  const vinputs = routeVinputs(polynomials).map((v) => readVinput(serializeVinput(v))!);
  const outs = seeds.map((s, j) => {
    const out = makeVoutput(s, certs, vinputs[j]!);
    if ('problem' in out) throw new Error(out.problem);
    return { share: out.share, voutput: readVoutput(serializeVoutput(out.voutput))! };
  });
  return { seeds, certs, polynomials, vinputs, outs };
}

const flip = (hex: string, at: number) =>
  hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

describe('channels (§4.6.1, §4.6.3)', () => {
  const a = seedKeys(newSeed());
  const b = seedKeys(newSeed());

  it('an encrypted message opens with its decryption key only, and any change to it fails', () => {
    const text = encryptMessage(b.encryption, 'rahasia bersama');
    expect(decryptMessage(b.decryption, text)).toBe('rahasia bersama');
    expect(decryptMessage(a.decryption, text)).toBeUndefined();
    const m = JSON.parse(text) as { alpha: string; beta: string; data: string };
    for (let at = 0; at < m.data.length; at += 7) {
      expect(decryptMessage(b.decryption, JSON.stringify({ ...m, data: flip(m.data, at) }))).toBe(
        undefined,
      );
    }
    expect(
      decryptMessage(b.decryption, JSON.stringify({ ...m, data: m.data.slice(0, -2) })),
    ).toBeUndefined();
    const beta = String(BigInt(m.beta) * g);
    expect(decryptMessage(b.decryption, JSON.stringify({ ...m, beta }))).toBeUndefined();
    expect(decryptMessage(b.decryption, 'bukan json')).toBeUndefined();
  });

  it('a channel message is accepted only from its signer and for its recipient', () => {
    const text = send(a.signing, b.encryption, 'bagian');
    expect(receive(b, a.verification, text)).toBe('bagian');
    // Claimed to come from b: the signature is a's.
    expect(receive(b, b.verification, text)).toBeUndefined();
    // Re-encrypted to a by someone who opened it: the recipient inside still says b.
    const inner = decryptMessage(b.decryption, text)!;
    expect(receive(a, a.verification, encryptMessage(a.encryption, inner))).toBeUndefined();
    // Signed message altered after signing.
    const signed = JSON.parse(inner) as { message: string; signature: unknown };
    const altered = JSON.stringify({
      ...signed,
      message: signed.message.replace('bagian', 'bagiaN'),
    });
    expect(receive(b, a.verification, encryptMessage(b.encryption, altered))).toBeUndefined();
  });
});

describe('Pedersen key establishment (§4.6)', () => {
  it('2 of 3 trustees and the server decrypt the tally; one trustee and the server cannot', () => {
    const { certs, polynomials, outs } = ceremony(3, 2);
    certs.forEach((c) => expect(checkCert(c)).toBeDefined());
    const lists = polynomials.map((p, i) => checkPolynomial(certs, i, 2, p)!);
    lists.forEach((l) => expect(l).toHaveLength(2));
    outs.forEach((o, j) => expect(checkVoutput(lists, j + 1, o.voutput)).toBe(true));
    const params = thresholdParameters(
      2,
      certs,
      polynomials,
      outs.map((o) => o.voutput),
    );
    expect(checkThresholdParameters(params)).toHaveProperty('subKey');

    const server = generateTrusteeKey();
    const trustees: TrusteeKind[] = [
      { kind: 'Single', key: server.key },
      { kind: 'Pedersen', params },
    ];
    const y = electionPublicKey(trustees)!;
    const keys = electionKeys(y);
    const votes = [1n, 0n, 1n, 1n];
    const tally = encryptedTally(
      votes.map((m) => [[encrypt(keys, m, randomZq())]]),
      [1],
    );
    const fp = 'sidik';
    const decryptions = new Map([[1, partialDecrypt(fp, server.secret, tally)]]);
    decryptions.set(2, partialDecrypt(fp, outs[0]!.share, tally));
    expect(combineFactors(trustees, decryptions, [1])).toBeUndefined();
    decryptions.set(4, partialDecrypt(fp, outs[2]!.share, tally));
    expect(
      verifyPartialDecryption(fp, outs[2]!.voutput.publicKey.publicKey, tally, decryptions.get(4)!),
    ).toBe(true);
    const factors = combineFactors(trustees, decryptions, [1])!;
    expect(decryptCounts(tally, factors, votes.length)).toEqual([[3]]);
  });

  it('the seed alone recovers the private key from the voutput the server keeps', () => {
    const { seeds, outs } = ceremony(2, 2);
    expect(recoverShare(seeds[1]!, outs[1]!.voutput.privateKey)).toBe(outs[1]!.share);
    expect(recoverShare(seeds[0]!, outs[1]!.voutput.privateKey)).toBeUndefined();
    expect(recoverShare(newSeed(), outs[0]!.voutput.privateKey)).toBeUndefined();
  });

  it('a certificate whose message or signature changed is refused', () => {
    const cert = certFor(newSeed());
    const other = certFor(newSeed());
    expect(checkCert({ ...cert, signature: other.signature })).toBeUndefined();
    expect(checkCert({ ...cert, message: other.message })).toBeUndefined();
    expect(
      checkCert({
        ...cert,
        signature: { ...cert.signature, response: modQ(cert.signature.response + 1n) },
      }),
    ).toBeUndefined();
  });

  it('a polynomial with the wrong degree, a foreign signature or missing shares is refused', () => {
    const seeds = [newSeed(), newSeed(), newSeed()];
    const certs = seeds.map(certFor);
    const p = makePolynomial(seeds[0]!, certs, 2);
    expect(checkPolynomial(certs, 0, 2, p)).toHaveLength(2);
    expect(checkPolynomial(certs, 0, 3, p)).toBeUndefined();
    expect(checkPolynomial(certs, 1, 2, p)).toBeUndefined();
    expect(checkPolynomial(certs, 0, 2, { ...p, secrets: p.secrets.slice(1) })).toBeUndefined();
    const forged: Polynomial = {
      ...p,
      coefexps: signMessage(seedKeys(seeds[1]!).signing, p.coefexps.message),
    };
    expect(checkPolynomial(certs, 0, 2, forged)).toBeUndefined();
  });

  it('a share that does not match its sender’s commitments is named, and nothing is produced', () => {
    const seeds = [newSeed(), newSeed(), newSeed()];
    const certs = seeds.map(certFor);
    const polynomials = seeds.map((s) => makePolynomial(s, certs, 2));
    // Trustee 2 sends trustee 3 a share of another polynomial, under a valid channel.
    const k2 = seedKeys(seeds[1]!);
    polynomials[1]!.secrets[2] = send(
      k2.signing,
      seedKeys(seeds[2]!).encryption,
      JSON.stringify({ secret: String(randomZq()) }),
    );
    const vinputs = routeVinputs(polynomials);
    expect(makeVoutput(seeds[2]!, certs, vinputs[2]!)).toEqual({
      problem: 'Bagian kunci dari wali kunci 2 tidak sah.',
    });
    expect(makeVoutput(seeds[0]!, certs, vinputs[0]!)).toHaveProperty('share');
    // A seed that is not among the certificates.
    expect(makeVoutput(newSeed(), certs, vinputs[0]!)).toHaveProperty('problem');
  });

  it('a voutput for another position, another key or with an altered proof is refused', () => {
    const { polynomials, outs, certs } = ceremony(3, 2);
    const lists = polynomials.map((p, i) => checkPolynomial(certs, i, 2, p)!);
    const vo = outs[0]!.voutput;
    expect(checkVoutput(lists, 1, vo)).toBe(true);
    expect(checkVoutput(lists, 2, vo)).toBe(false);
    const stranger = generateTrusteeKey();
    expect(checkVoutput(lists, 1, { ...vo, publicKey: stranger.key })).toBe(false);
    const pok = { ...vo.publicKey.pok, challenge: modQ(vo.publicKey.pok.challenge + 1n) };
    expect(checkVoutput(lists, 1, { ...vo, publicKey: { ...vo.publicKey, pok } })).toBe(false);
    // The coefexps the server publishes are those the trustees signed.
    expect(readCoefexps(polynomials[0]!.coefexps)).toEqual(lists[0]);
  });
});

describe('key check', () => {
  it('proves the key for this challenge only', () => {
    const share = randomZq();
    const key = G().pow(share);
    const proof = proveKeyCheck('uuid', 'tantangan', share);
    expect(verifyKeyCheck('uuid', 'tantangan', key, proof)).toBe(true);
    expect(verifyKeyCheck('uuid', 'tantangan-lain', key, proof)).toBe(false);
    expect(verifyKeyCheck('uuid-lain', 'tantangan', key, proof)).toBe(false);
    expect(verifyKeyCheck('uuid', 'tantangan', G().pow(randomZq()), proof)).toBe(false);
    expect(
      verifyKeyCheck('uuid', 'tantangan', key, { ...proof, response: modQ(proof.response + 1n) }),
    ).toBe(false);
  });
});

describe('what a trustee refuses (review hardening)', () => {
  it('never makes a polynomial below threshold 2 or above n', () => {
    const seeds = [newSeed(), newSeed()];
    const certs = seeds.map(certFor);
    expect(() => makePolynomial(seeds[0]!, certs, 1)).toThrow(/out of range/);
    expect(() => makePolynomial(seeds[0]!, certs, 3)).toThrow(/out of range/);
  });

  it('refuses a share from a polynomial of another degree than its own', () => {
    const seeds = [newSeed(), newSeed(), newSeed()];
    const certs = seeds.map(certFor);
    const polynomials = [
      makePolynomial(seeds[0]!, certs, 2),
      makePolynomial(seeds[1]!, certs, 3),
      makePolynomial(seeds[2]!, certs, 2),
    ];
    const vinputs = routeVinputs(polynomials);
    expect(makeVoutput(seeds[0]!, certs, vinputs[0]!)).toEqual({
      problem: 'Bagian kunci dari wali kunci 2 tidak sah.',
    });
  });

  it('never raises its key to a ciphertext outside the group', () => {
    const outside = { alpha: 2n, beta: 1n };
    // 2 is not a quadratic residue here: not in the order-q subgroup.
    expect(() => partialDecrypt('sidik', randomZq(), [[outside]])).toThrow(/outside the group/);
  });

  it('decrypts a record only where its own key is published at its place, after every ballot checks', () => {
    const sim = simulateElection({
      voters: 3,
      questions: [{ answers: ['A', 'B'], blank: false, min: 1, max: 1, question: 'Ketua' }],
      trustees: 3,
      threshold: 2,
      until: 'tally',
    });
    const bytes = sim.record.toArchive();
    const key = (j: number) => sim.pedersen.params.verificationKeys[j - 1]!.publicKey;
    let seen = 0;
    const ok = tallyToDecrypt(bytes, { position: 2, publicKey: key(2) }, () => seen++);
    expect(ok).toHaveProperty('ballots', 3);
    expect(seen).toBe(3);
    expect(tallyToDecrypt(bytes, { position: 1, publicKey: key(2) })).toHaveProperty('problem');
    expect(tallyToDecrypt(bytes, { position: 2, publicKey: G().pow(randomZq()) })).toHaveProperty(
      'problem',
    );
  });
});
