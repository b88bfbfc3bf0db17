import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { elections } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Ballot } from '../../../shared/crypto/ballot.ts';
import {
  combineFactors,
  decryptCounts,
  encryptedTally,
  ownerKeys,
  partialDecrypt,
  verifyPartialDecryption,
  type PartialDecryption,
} from '../../../shared/crypto/decryption.ts';
import type { Ciphertext } from '../../../shared/crypto/elgamal.ts';
import { parseElection } from '../../../shared/crypto/election.ts';
import { parseBallot } from '../../../shared/crypto/parse.ts';
import {
  readEncryptedTally,
  readOwned,
  readPartialDecryption,
  readSetupData,
  readSizedTally,
  readTrustees,
  serializeEncryptedTally,
  serializeOwned,
  serializePartialDecryption,
  serializeResult,
  serializeSizedTally,
} from '../../../shared/crypto/record/items.ts';
import type { RecordWriter } from '../../../shared/crypto/record/record.ts';
import { closedForGood } from '../results/box-closed.ts';
import {
  recordEntriesOf,
  recordRow,
  storeAppended,
  writerAfter,
  type ElectionRecordRow,
} from './record-store.ts';

/** The server's own key is always the first trustee item, so it owns decryption id 1 (§4.18). */
const SERVER_OWNER = 1;

/** What the record holds so far, read under its row lock. */
async function recordState(tx: Tx, row: ElectionRecordRow) {
  const entries = await recordEntriesOf(tx, row.electionId);
  const data = new Map(entries.filter((e) => e.kind === 'data').map((e) => [e.hash, e.text]));
  const events = entries.flatMap((e) => (e.kind === 'event' ? [e.event] : []));
  const election = parseElection(row.electionText);
  if ('problem' in election) throw new Error(`stored election unreadable: ${election.problem}`);
  const setup = readSetupData(data.get(events[0]!.payload!)!);
  const trustees = readTrustees(data.get(setup.trustees)!);
  const shape = election.questions.map((q) => q.answers.length + (q.blank ? 1 : 0));
  const tallyEvent = events.find((e) => e.type === 'EncryptedTally');
  const sized = tallyEvent ? readSizedTally(data.get(tallyEvent.payload!)!) : undefined;
  const tally = sized ? readEncryptedTally(data.get(sized.encrypted_tally)!) : undefined;
  const decryptions = new Map<number, PartialDecryption>();
  for (const e of events) {
    if (e.type !== 'PartialDecryption') continue;
    const owned = readOwned(data.get(e.payload!)!);
    decryptions.set(owned.owner, readPartialDecryption(data.get(owned.payload)!));
  }
  return {
    data,
    events,
    trustees,
    shape,
    tally,
    numTallied: sized?.num_tallied ?? 0,
    decryptions,
    ended: events.some((e) => e.type === 'EndBallots'),
    hasResult: events.some((e) => e.type === 'Result'),
  };
}

/** Appends the result when the decryptions present are enough for every trustee item. */
function addResultIfComplete(
  writer: RecordWriter,
  state: Awaited<ReturnType<typeof recordState>>,
  tally: Ciphertext[][],
  numTallied: number,
): boolean {
  if (state.hasResult) return true;
  const factors = combineFactors(state.trustees, state.decryptions, state.shape);
  if (!factors) return false;
  const counts = decryptCounts(tally, factors, numTallied);
  if (counts.some((row) => row.some((n) => n === undefined)))
    throw new Error('a tally slot did not decrypt to a count');
  writer.addEvent('Result', writer.addData(serializeResult(counts as number[][])));
  return true;
}

function appendDecryption(writer: RecordWriter, owner: number, pd: PartialDecryption) {
  const hash = writer.addData(serializePartialDecryption(pd));
  writer.addEvent('PartialDecryption', writer.addData(serializeOwned(owner, hash)));
}

/**
 * Closes a verifiable election's record once the polls are closed for good (by the database's
 * clock, as sealing asks): EndBallots, the encrypted tally of the last ballot of each credential,
 * the server's own partial decryption with its proofs, and — when no other trustee's key is
 * needed — the result. Runs once: under the record's row lock, a record that already holds
 * EndBallots is only completed. Returns false while the polls are not closed for good.
 *
 * With a Pedersen group of trustees (issue 2/3), the result waits for `threshold` of them
 * (addTrusteeDecryption).
 */
export async function closeRecord(db: Db, electionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .select({ id: elections.id })
      .from(elections)
      .where(and(eq(elections.id, electionId), closedForGood));
    if (!closed) return false;
    const row = await recordRow(tx, electionId, { forUpdate: true });
    // A verifiable election always has its record from the lock on; without one there is
    // nothing to close (the count then reports the record missing).
    if (!row) return false;
    // Closed already (the pages ask every few seconds): nothing to read.
    if (row.ballotsEnded) return true;
    const state = await recordState(tx, row);
    if (state.ended) return true;

    // last(B): a later ballot under the same credential replaces an earlier one (§3.5.1); this
    // server never accepts a second one, but the tally follows the specification regardless.
    const last = new Map<string, Ballot>();
    for (const e of state.events) {
      if (e.type !== 'Ballot') continue;
      const parsed = parseBallot(state.data.get(e.payload!)!);
      if (!parsed.ok) throw new Error(`stored ballot unreadable: ${parsed.reason}`);
      last.set(String(parsed.ballot.credential), parsed.ballot);
    }
    const ballots = [...last.values()];
    const tally = encryptedTally(
      ballots.map((b) => b.answers.map((a) => a.choices)),
      state.shape,
    );
    const writer = writerAfter(row);
    writer.addEvent('EndBallots');
    const tallyHash = writer.addData(serializeEncryptedTally(tally));
    writer.addEvent(
      'EncryptedTally',
      writer.addData(serializeSizedTally(ballots.length, ballots.length, tallyHash)),
    );
    const own = partialDecrypt(row.fingerprint, BigInt(row.serverSecret), tally);
    appendDecryption(writer, SERVER_OWNER, own);
    state.decryptions.set(SERVER_OWNER, own);
    addResultIfComplete(writer, state, tally, ballots.length);
    await storeAppended(tx, row, writer);
    return true;
  });
}

/**
 * A trustee's partial decryption of the closed tally (owner: its 1-based decryption id). It is
 * checked against the tally and the trustee's verification key before it is appended; once
 * enough trustees have decrypted, the result follows in the same transaction. Returns whether
 * the result is now in the record.
 */
export async function addTrusteeDecryption(
  db: Db,
  electionId: string,
  owner: number,
  decryption: PartialDecryption,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await recordRow(tx, electionId, { forUpdate: true });
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan ini tidak memiliki rekaman.');
    const state = await recordState(tx, row);
    if (!state.tally)
      throw new ApiError(
        409,
        'NOT_TALLIED',
        'Tally terenkripsi belum ada: pemungutan suara belum ditutup.',
      );
    if (state.hasResult) throw new ApiError(409, 'DECRYPTED', 'Hasil pemilihan sudah didekripsi.');
    const key = ownerKeys(state.trustees)[owner - 1];
    if (owner === SERVER_OWNER || key === undefined)
      throw new ApiError(400, 'UNKNOWN_TRUSTEE', 'Wali kunci ini tidak ada pada pemilihan.');
    if (state.decryptions.has(owner))
      throw new ApiError(409, 'ALREADY_DECRYPTED', 'Wali kunci ini sudah mengirim dekripsinya.');
    if (!verifyPartialDecryption(row.fingerprint, key, state.tally, decryption))
      throw new ApiError(
        400,
        'BAD_DECRYPTION',
        'Dekripsi parsial tidak cocok dengan tally atau buktinya tidak sah.',
      );
    const writer = writerAfter(row);
    appendDecryption(writer, owner, decryption);
    state.decryptions.set(owner, decryption);
    const done = addResultIfComplete(writer, state, state.tally, state.numTallied);
    await storeAppended(tx, row, writer);
    return done;
  });
}
