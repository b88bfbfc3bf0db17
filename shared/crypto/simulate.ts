/**
 * A whole verifiable election in memory, with the core alone: setup (server Single key + a
 * Pedersen group), credentials, ballots, the encrypted tally, k partial decryptions and the
 * result, written as a record. Tests build valid records with it and then tamper with them; the
 * `election:simulate` command does the same through the server's own code paths.
 */
import { buildBallot, serializeBallot, type Question } from './ballot.ts';
import { credentialSecret, generateCredential, publicCredential } from './credentials.ts';
import {
  combineFactors,
  decryptCounts,
  encryptedTally,
  partialDecrypt,
  type PartialDecryption,
} from './decryption.ts';
import { electionFingerprint, serializeElection } from './election.ts';
import { electionKeys } from './keys.ts';
import {
  serializeCredentials,
  serializeEncryptedTally,
  serializeOwned,
  serializePartialDecryption,
  serializeResult,
  serializeSetupData,
  serializeSizedTally,
} from './record/items.ts';
import { RecordWriter } from './record/record.ts';
import {
  electionPublicKey,
  generateTrusteeKey,
  serializeTrustees,
  simulatePedersen,
  type TrusteeKind,
} from './trustees.ts';
import { randomChars } from './random.ts';
import { BASE58 } from './credentials.ts';

/** What a simulation needs. */
export type SimulationOptions = {
  voters: number;
  questions: Question[];
  trustees: number;
  threshold: number;
  /** One plaintext vector per question for voter i; default: a valid choice spread over answers. */
  vote?: (i: number) => number[][];
  /** Which Pedersen trustees (1-based) decrypt; default: the first `threshold`. */
  decrypting?: number[];
  /** Stop after this phase (a record of an election still open, or awaiting decryption). */
  until?: 'ballots' | 'tally' | 'result';
  timestamp?: number;
};

/** A default valid vote: voter i chooses answer (i mod answers) of each question, or blank. */
export function defaultVote(questions: readonly Question[], i: number): number[][] {
  return questions.map((q) => {
    const slots = q.answers.length + (q.blank ? 1 : 0);
    const v = Array.from({ length: slots }, () => 0);
    const choice = i % (q.answers.length + (q.blank ? 1 : 0));
    if (q.blank && choice === q.answers.length) v[0] = 1;
    else v[(q.blank ? 1 : 0) + choice] = 1;
    return v;
  });
}

/** Runs the election and returns its record, secrets included (for tests that tamper). */
export function simulateElection(o: SimulationOptions) {
  const uuid = randomChars(BASE58, 14);
  const server = generateTrusteeKey();
  const pedersen = simulatePedersen(o.trustees, o.threshold);
  const trustees: TrusteeKind[] = [
    { kind: 'Single', key: server.key },
    { kind: 'Pedersen', params: pedersen.params },
  ];
  const publicKey = electionPublicKey(trustees)!;
  const electionText = serializeElection({
    description: 'Simulasi',
    name: 'Pemilihan simulasi',
    publicKey,
    questions: o.questions,
    uuid,
  });
  const fingerprint = electionFingerprint(electionText);
  const credentials = Array.from({ length: o.voters }, () => generateCredential());
  const publicCredentials = credentials.map((c) => publicCredential(c, uuid));
  const credentialsText = serializeCredentials(publicCredentials);
  const record = new RecordWriter(o.timestamp ?? 1_800_000_000);
  const e = record.addData(electionText);
  const t = record.addData(serializeTrustees(trustees));
  const c = record.addData(credentialsText);
  record.addEvent('Setup', record.addData(serializeSetupData(e, t, c)));
  const ctx = { uuid, fingerprint, keys: electionKeys(publicKey), questions: o.questions };
  const ballots = credentials.map((cred, i) => {
    const b = buildBallot(
      ctx,
      credentialSecret(cred, uuid),
      (o.vote ?? ((j) => defaultVote(o.questions, j)))(i),
    );
    record.addEvent('Ballot', record.addData(serializeBallot(b)));
    return b;
  });
  const base = {
    uuid,
    electionText,
    fingerprint,
    credentials,
    credentialsText,
    server,
    pedersen,
    trustees,
    ballots,
    record,
  };
  if (o.until === 'ballots') return base;
  record.addEvent('EndBallots');
  const shape = o.questions.map((q) => q.answers.length + (q.blank ? 1 : 0));
  const tally = encryptedTally(
    ballots.map((b) => b.answers.map((a) => a.choices)),
    shape,
  );
  const th = record.addData(serializeEncryptedTally(tally));
  record.addEvent(
    'EncryptedTally',
    record.addData(serializeSizedTally(ballots.length, ballots.length, th)),
  );
  if (o.until === 'tally') return { ...base, tally };
  const decryptions = new Map<number, PartialDecryption>();
  const addDecryption = (owner: number, secret: bigint) => {
    const pd = partialDecrypt(fingerprint, secret, tally);
    decryptions.set(owner, pd);
    const ph = record.addData(serializePartialDecryption(pd));
    record.addEvent('PartialDecryption', record.addData(serializeOwned(owner, ph)));
  };
  for (const j of o.decrypting ?? Array.from({ length: o.threshold }, (_, i) => i + 1)) {
    addDecryption(1 + j, pedersen.shares[j - 1]!);
  }
  addDecryption(1, server.secret);
  const factors = combineFactors(trustees, decryptions, shape)!;
  const result = decryptCounts(tally, factors, ballots.length) as number[][];
  record.addEvent('Result', record.addData(serializeResult(result)));
  return { ...base, tally, result };
}
