import { describe, expect, it } from 'vitest';
import {
  auditedListProblem,
  auditVerdict,
  readAuditedList,
  serializeAuditedBallot,
  serializeAuditedList,
} from './audit.ts';
import { buildOpenableBallot, serializeBallot, type Question } from './ballot.ts';
import { credentialSecret, generateCredential, publicCredential } from './credentials.ts';
import { q } from './group.ts';
import { sha256B64 } from './hash.ts';
import { electionKeys, G } from './keys.ts';
import { randomZq } from './random.ts';

const question: Question = {
  answers: ['Paslon 1', 'Paslon 2', 'Kotak Kosong'],
  blank: true,
  min: 1,
  max: 1,
  question: 'Ketua',
};
const uuid = 'T8xPaSp7nMXqbD';
const keys = electionKeys(G().pow(randomZq()));
const ctx = { uuid, fingerprint: sha256B64('election'), keys, questions: [question] };
const credential = generateCredential();
const secret = credentialSecret(credential, uuid);

function opened(plaintext: number[]) {
  const { ballot, randomness } = buildOpenableBallot(ctx, secret, [plaintext]);
  return { text: serializeBallot(ballot), randomness };
}

describe('audit of a ballot (Periksa surat suara)', () => {
  it('opens a ballot to exactly the choice it was built for', () => {
    for (const plaintext of [
      [0, 1, 0, 0],
      [0, 0, 0, 1],
      [1, 0, 0, 0],
    ]) {
      const { text, randomness } = opened(plaintext);
      const verdict = auditVerdict(ctx, text, randomness);
      expect(verdict).toMatchObject({ ok: true, plaintexts: [plaintext] });
    }
  });

  it('refuses randomness that does not open the ballot, in any slot', () => {
    const { text, randomness } = opened([0, 1, 0, 0]);
    for (let j = 0; j < 4; j++) {
      const wrong = randomness.map((rs) => rs.map((r, k) => (k === j ? (r + 1n) % q : r)));
      expect(auditVerdict(ctx, text, wrong)).toEqual({ ok: false, reason: 'bad-randomness' });
    }
    // Another ballot's randomness, a short vector, an exponent out of range.
    expect(auditVerdict(ctx, text, opened([0, 1, 0, 0]).randomness)).toMatchObject({ ok: false });
    expect(auditVerdict(ctx, text, [randomness[0]!.slice(1)])).toMatchObject({ ok: false });
    const outOfRange = [[randomness[0]![0]! + q, ...randomness[0]!.slice(1)]];
    expect(auditVerdict(ctx, text, outOfRange)).toEqual({ ok: false, reason: 'bad-randomness' });
  });

  it('refuses a ballot whose bytes or proofs changed, even with its own randomness', () => {
    const { text, randomness } = opened([0, 0, 1, 0]);
    const obj = JSON.parse(text) as { answers: { choices: { alpha: string }[] }[] };
    const swapped = structuredClone(obj);
    [swapped.answers[0]!.choices[1], swapped.answers[0]!.choices[2]] = [
      swapped.answers[0]!.choices[2]!,
      swapped.answers[0]!.choices[1]!,
    ];
    expect(auditVerdict(ctx, JSON.stringify(swapped), randomness)).toMatchObject({ ok: false });
    expect(auditVerdict(ctx, text.replace('{', '{ '), randomness)).toEqual({
      ok: false,
      reason: 'not-canonical',
    });
  });

  const listOf = (...items: { text: string; randomness: bigint[][]; plain: number[] }[]) =>
    serializeAuditedList(items.map((i) => serializeAuditedBallot(i.text, i.randomness, [i.plain])));
  const credentials = new Set([publicCredential(credential, uuid)]);

  it('reads back the list it writes, and finds a sound list sound', () => {
    const a = { ...opened([0, 1, 0, 0]), plain: [0, 1, 0, 0] };
    const b = { ...opened([1, 0, 0, 0]), plain: [1, 0, 0, 0] };
    const entries = readAuditedList(listOf(a, b));
    expect(entries.map((e) => e.ballotText)).toEqual([a.text, b.text]);
    expect(auditedListProblem(ctx, entries, credentials, new Set())).toBeUndefined();
  });

  it('finds every lie in a list', () => {
    const a = { ...opened([0, 1, 0, 0]), plain: [0, 1, 0, 0] };
    const good = readAuditedList(listOf(a));
    const problem = (entries: typeof good, cast = new Set<string>(), creds = credentials) =>
      auditedListProblem(ctx, entries, creds, cast);
    // The claimed content differs from what opens.
    expect(problem([{ ...good[0]!, plaintexts: [[0, 0, 1, 0]] }])).toMatch(/isi/);
    // Another tracker claimed.
    expect(problem([{ ...good[0]!, tracker: sha256B64('x') }])).toMatch(/kode/);
    // An audited ballot that was also cast.
    expect(problem(good, new Set([good[0]!.tracker]))).toMatch(/dihitung/);
    // A credential not in the election's list.
    expect(problem(good, new Set(), new Set([1n]))).toMatch(/kredensial/);
    // The same ballot twice.
    expect(problem([good[0]!, good[0]!])).toMatch(/dua kali/);
    // Randomness of another slot.
    const r = good[0]!.randomness[0]!;
    expect(problem([{ ...good[0]!, randomness: [[r[1]!, r[0]!, r[2]!, r[3]!]] }])).toMatch(
      /keacakan/,
    );
  });

  it('refuses a malformed list', () => {
    expect(() => readAuditedList('{')).toThrow(/bukan JSON/);
    expect(() => readAuditedList('[{"tracker":"x"}]')).toThrow(/format/);
    expect(() =>
      readAuditedList('[{"tracker":"x","ballot":{},"randomness":[["01"]],"plaintexts":[[0]]}]'),
    ).toThrow(/format/);
  });
});
