/**
 * Our verifier of a Belenios 2.0 election record. It does every check of the specification's
 * audit (§3.5) and, beyond what belenios-tool 2.0 checks, the event grammar (exactly one
 * EndBallots, one EncryptedTally, one Result), the stored encrypted tally and counts against the
 * recomputed ones, no ballot posted twice, the public credentials against what was announced at
 * lock, and that the record extends an earlier snapshot. Pure: runs in Node and in a Web Worker.
 */
import { auditedListProblem, readAuditedList } from '../audit.ts';
import { ballotTracker, checkBallot, type Ballot } from '../ballot.ts';
import {
  combineFactors,
  decryptCounts,
  encryptedTally,
  ownerKeys,
  verifyPartialDecryption,
  type PartialDecryption,
} from '../decryption.ts';
import { electionFingerprint, parseElection, type Election } from '../election.ts';
import type { Ciphertext } from '../elgamal.ts';
import { isMember, mul, pow } from '../group.ts';
import { sha256B64 } from '../hash.ts';
import { electionKeys } from '../keys.ts';
import { parseBallot } from '../parse.ts';
import {
  readCredentials,
  readEncryptedTally,
  readOwned,
  readPartialDecryption,
  readResult,
  readSetupData,
  readSizedTally,
  readTrustees,
} from '../record/items.ts';
import { readRecord, type ParsedRecord } from '../record/record.ts';
import type { BallotVerdicts } from './ballot-verdicts.ts';
import { checkThresholdParameters, verifyTrusteeKey, type TrusteeKind } from '../trustees.ts';

/** One line of the report. */
export type Check = { id: string; label: string; ok: boolean; detail: string };

/** What the verifier found. */
export type Report = {
  ok: boolean;
  checks: Check[];
  /** The first check that failed, if any. */
  failure?: Check;
  uuid?: string;
  /** The election's name and questions, to label the result. */
  election?: { name: string; questions: Election['questions'] };
  /** Counts per question and slot, when the record has a verified result. */
  result?: number[][];
  ballots: number;
  /** Ballots voters opened to check them, when their list was given and is sound. */
  audited?: number;
  /** The hash of the last event (what a snapshot pins). */
  head?: string;
};

/** What was published outside the record, and earlier snapshots, to compare it with. */
export type VerifyOptions = {
  /** The credential count and fingerprint announced at lock (the frozen roll). */
  credentials?: { count: number; fingerprint: string };
  /** Earlier copies of the record (archive bytes) that this one must extend. */
  snapshots?: Uint8Array[];
  /**
   * Ballots already checked (in parallel, by ballot-verdicts.ts), by payload hash: taken instead
   * of checking them again. A ballot without a verdict is checked here.
   */
  verdicts?: BallotVerdicts;
  /**
   * The list of ballots voters opened to check them (`<uuid>.audited.json`, audit.ts): each
   * must open to what it claims, be signed with a credential of the election, and not be cast.
   */
  audited?: string;
  /** Called after each ballot checked, for progress bars. */
  onBallot?: (done: number, total: number) => void;
};

class Failure extends Error {}

/** Verifies a `.bel` archive; never throws. */
export function verifyRecord(bytes: Uint8Array, options: VerifyOptions = {}): Report {
  const checks: Check[] = [];
  const report: Report = { ok: false, checks, ballots: 0 };
  const pass = (id: string, label: string, detail: string) =>
    checks.push({ id, label, ok: true, detail });
  const step = <T>(id: string, label: string, run: () => { value: T; detail: string }): T => {
    try {
      const { value, detail } = run();
      pass(id, label, detail);
      return value;
    } catch (err) {
      const check = {
        id,
        label,
        ok: false,
        detail: err instanceof Error ? err.message : String(err),
      };
      checks.push(check);
      report.failure = check;
      throw new Failure();
    }
  };
  try {
    run(bytes, options, step, report);
    report.ok = true;
  } catch (err) {
    if (!(err instanceof Failure)) {
      const check = { id: 'internal', label: 'Pemeriksaan', ok: false, detail: String(err) };
      checks.push(check);
      report.failure = check;
    }
  }
  return report;
}

type Step = <T>(id: string, label: string, run: () => { value: T; detail: string }) => T;

function fail(detail: string): never {
  throw new Error(detail);
}

function run(bytes: Uint8Array, options: VerifyOptions, step: Step, report: Report) {
  const record: ParsedRecord = step('archive', 'Arsip dan rantai hash', () => {
    const r = readRecord(bytes);
    return { value: r, detail: `${r.events.length} peristiwa, ${r.data.size} data, arsip kanonik` };
  });
  report.head = record.events.at(-1)!.hash;
  const types = record.events.map((e) => e.event.type);

  step('grammar', 'Urutan peristiwa', () => {
    checkGrammar(types);
    return {
      value: undefined,
      detail: types.includes('Result') ? 'lengkap sampai Hasil' : `sampai ${types.at(-1)}`,
    };
  });

  for (const [i, snapshot] of (options.snapshots ?? []).entries()) {
    step(`snapshot-${i + 1}`, `Kelanjutan dari salinan ${i + 1}`, () => {
      const older = readRecord(snapshot);
      const names = (r: ParsedRecord) => r.entries.map((e) => `${e.kind}:${e.hash}`);
      const a = names(older);
      const b = names(record);
      if (older.timestamp !== record.timestamp || a.some((n, j) => b[j] !== n)) {
        fail('rekaman ini tidak melanjutkan salinan sebelumnya: ada yang diubah atau dihapus');
      }
      return {
        value: undefined,
        detail: `${older.events.length} peristiwa salinan ada utuh di awal rekaman`,
      };
    });
  }

  const data = (hash: string | undefined) =>
    record.data.get(hash ?? '') ?? fail(`data ${hash} tidak ada`);
  const setup = readSetupData(data(record.events[0]!.event.payload));
  const electionText = data(setup.election);
  const election: Election = step('election', 'Parameter pemilihan', () => {
    const e = parseElection(electionText);
    if ('problem' in e) fail(e.problem);
    if (!isMember(e.publicKey)) fail('kunci publik pemilihan bukan anggota grup');
    return {
      value: e,
      detail: `${e.name} (${e.uuid}), ${e.questions.length} pertanyaan, grup BELENIOS-2048`,
    };
  });
  report.uuid = election.uuid;
  report.election = { name: election.name, questions: election.questions };
  const fingerprint = electionFingerprint(electionText);
  const keys = electionKeys(election.publicKey);

  const trustees: TrusteeKind[] = step('trustees', 'Kunci wali kunci', () => {
    const items = readTrustees(data(setup.trustees));
    let y = 1n;
    const parts: string[] = [];
    for (const item of items) {
      if (item.kind === 'Single') {
        if (!verifyTrusteeKey(item.key)) fail('bukti kunci wali kunci tunggal tidak sah');
        y = mul(y, item.key.publicKey);
        parts.push('1 kunci tunggal');
      } else {
        const checked = checkThresholdParameters(item.params);
        if ('problem' in checked) fail(checked.problem);
        y = mul(y, checked.subKey);
        parts.push(`${item.params.threshold} dari ${item.params.verificationKeys.length}`);
      }
    }
    if (y !== election.publicKey) fail('kunci publik pemilihan bukan gabungan kunci wali kunci');
    return { value: items, detail: `${parts.join(' + ')}; kunci pemilihan sesuai` };
  });

  const credentialsText = data(setup.credentials);
  const credentials = step('credentials', 'Kredensial publik', () => {
    const list = readCredentials(credentialsText);
    const weights = new Map<bigint, number>();
    for (const { credential, weight } of list) {
      if (!isMember(credential)) fail('ada kredensial publik yang bukan anggota grup');
      if (weights.has(credential)) fail('ada kredensial publik ganda');
      weights.set(credential, weight);
    }
    const fp = sha256B64(credentialsText);
    if (options.credentials) {
      if (options.credentials.count !== list.length) {
        fail(
          `jumlah kredensial ${list.length}, padahal yang diumumkan saat penguncian ${options.credentials.count}`,
        );
      }
      if (options.credentials.fingerprint !== fp)
        fail('sidik kredensial berbeda dari yang diumumkan saat penguncian');
    }
    return {
      value: weights,
      detail: `${list.length} kredensial, sidik ${fp}${options.credentials ? ', sesuai pengumuman' : ''}`,
    };
  });

  const ballotEvents = record.events.filter((e) => e.event.type === 'Ballot');
  const ctx = { uuid: election.uuid, fingerprint, keys, questions: election.questions };
  const latest = step('ballots', 'Surat suara', () => {
    const seen = new Set<string>();
    const last = new Map<bigint, Ballot>();
    ballotEvents.forEach(({ event }, i) => {
      const text = data(event.payload);
      const tracker = ballotTracker(text);
      if (seen.has(event.payload!)) fail(`surat suara ${tracker} dikirim dua kali`);
      seen.add(event.payload!);
      const parsed = parseBallot(text);
      if (!parsed.ok) fail(`surat suara ${tracker} tidak sah (${parsed.reason})`);
      if (!credentials.has(parsed.ballot.credential))
        fail(`surat suara ${tracker}: kredensial tidak terdaftar`);
      const verdict = options.verdicts?.get(event.payload!);
      const defect = verdict !== undefined ? verdict : checkBallot(ctx, parsed.ballot);
      if (defect) fail(`surat suara ${tracker} tidak sah (${defect})`);
      last.set(parsed.ballot.credential, parsed.ballot);
      options.onBallot?.(i + 1, ballotEvents.length);
    });
    report.ballots = ballotEvents.length;
    const revotes = ballotEvents.length - last.size;
    return {
      value: last,
      detail: `${ballotEvents.length} surat suara sah${revotes ? `, ${revotes} digantikan oleh yang lebih baru` : ''}`,
    };
  });

  const audited = options.audited;
  if (audited !== undefined) {
    step('audited', 'Surat suara yang diperiksa pemilih', () => {
      const entries = readAuditedList(audited);
      const cast = new Set(ballotEvents.map(({ event }) => ballotTracker(data(event.payload))));
      const problem = auditedListProblem(ctx, entries, new Set(credentials.keys()), cast);
      if (problem) fail(problem);
      report.audited = entries.length;
      return {
        value: undefined,
        detail: entries.length
          ? `${entries.length} surat suara dibuka pemilihnya: semuanya terbuka sesuai isinya, tidak ada yang ikut dihitung`
          : 'tidak ada surat suara yang dibuka',
      };
    });
  }

  const tallyEvent = record.events.find((e) => e.event.type === 'EncryptedTally');
  if (!tallyEvent) return;
  const shape = election.questions.map((q) => q.answers.length + (q.blank ? 1 : 0));
  const tally: Ciphertext[][] = step('tally', 'Tally terenkripsi', () => {
    const sized = readSizedTally(data(tallyEvent.event.payload));
    const stored = readEncryptedTally(data(sized.encrypted_tally));
    const weighted = [...latest.values()].map((b) => {
      const w = BigInt(credentials.get(b.credential)!);
      return b.answers.map((a) =>
        a.choices.map((c) => (w === 1n ? c : { alpha: pow(c.alpha, w), beta: pow(c.beta, w) })),
      );
    });
    const recomputed = encryptedTally(weighted, shape);
    const totalWeight = [...latest.keys()].reduce((acc, c) => acc + credentials.get(c)!, 0);
    if (sized.num_tallied !== latest.size)
      fail(`num_tallied ${sized.num_tallied}, seharusnya ${latest.size}`);
    if (sized.total_weight !== totalWeight)
      fail(`total_weight ${sized.total_weight}, seharusnya ${totalWeight}`);
    const same =
      stored.length === recomputed.length &&
      stored.every(
        (row, i) =>
          row.length === recomputed[i]!.length &&
          row.every(
            (c, j) => c.alpha === recomputed[i]![j]!.alpha && c.beta === recomputed[i]![j]!.beta,
          ),
      );
    if (!same)
      fail('tally terenkripsi yang tersimpan berbeda dari hasil perhitungan ulang surat suara');
    return {
      value: recomputed,
      detail: `${latest.size} surat suara dijumlahkan, sesuai yang tersimpan`,
    };
  });

  const decryptions = step('decryptions', 'Dekripsi parsial', () => {
    const keysByOwner = ownerKeys(trustees);
    const byOwner = new Map<number, PartialDecryption>();
    for (const { event } of record.events.filter((e) => e.event.type === 'PartialDecryption')) {
      const owned = readOwned(data(event.payload));
      if (owned.owner > keysByOwner.length) fail(`pemilik ${owned.owner} bukan wali kunci`);
      if (byOwner.has(owned.owner)) fail(`wali kunci ${owned.owner} mendekripsi dua kali`);
      const pd = readPartialDecryption(data(owned.payload));
      if (!verifyPartialDecryption(fingerprint, keysByOwner[owned.owner - 1]!, tally, pd)) {
        fail(`bukti dekripsi wali kunci ${owned.owner} tidak sah`);
      }
      byOwner.set(owned.owner, pd);
    }
    return { value: byOwner, detail: `${byOwner.size} dekripsi parsial, semua bukti sah` };
  });

  const resultEvent = record.events.find((e) => e.event.type === 'Result');
  if (!resultEvent) return;
  report.result = step('result', 'Hasil', () => {
    const stored = readResult(data(resultEvent.event.payload));
    const factors = combineFactors(trustees, decryptions, shape);
    if (!factors) fail('dekripsi parsial belum cukup untuk membuka hasil');
    const total = [...latest.keys()].reduce((acc, c) => acc + credentials.get(c)!, 0);
    const counts = decryptCounts(tally, factors, total);
    const same =
      stored.length === counts.length &&
      stored.every(
        (row, i) => row.length === counts[i]!.length && row.every((n, j) => n === counts[i]![j]),
      );
    if (!same) fail('hasil yang tersimpan berbeda dari dekripsi tally');
    return { value: stored, detail: `hasil ${JSON.stringify(stored)} sesuai dekripsi` };
  });
}

/** Setup, Ballot*, then optionally EndBallots, EncryptedTally, PartialDecryption*, Result. */
function checkGrammar(types: readonly string[]) {
  if (types[0] !== 'Setup') fail('peristiwa pertama bukan Setup');
  let i = 1;
  while (types[i] === 'Ballot') i++;
  if (i === types.length) return;
  if (types[i] !== 'EndBallots')
    fail(`peristiwa ${i} (${types[i]}) tidak boleh berada di antara surat suara`);
  i++;
  if (i === types.length) return;
  if (types[i] !== 'EncryptedTally')
    fail(`setelah EndBallots harus EncryptedTally, bukan ${types[i]}`);
  i++;
  while (types[i] === 'PartialDecryption') i++;
  if (i === types.length) return;
  if (types[i] !== 'Result' || i !== types.length - 1)
    fail(`peristiwa ${i} (${types[i]}) tidak pada tempatnya`);
}
