/**
 * A trustee's decryption (§4.18) as their browser does it: from the public record alone it
 * checks the trustee's own key is the one published at its place (§4.6: the trustees check the
 * election's key), checks every ballot completely (its proofs, signature, credential — so no
 * crafted ciphertext, e.g. of small order, is ever raised to the trustee's key), recomputes the
 * encrypted tally — the last ballot of each credential, raised to its weight — and decrypts only
 * that. The server's stored tally is compared, never used. What the record holds is public: the
 * trustee compares the ballot count with the turnout everyone sees before sending.
 */
import { checkBallot, type Ballot } from './ballot.ts';
import { ballotContextOf } from './context.ts';
import { encryptedTally, partialDecrypt } from './decryption.ts';
import { electionFingerprint, parseElection } from './election.ts';
import type { Ciphertext } from './elgamal.ts';
import { pow } from './group.ts';
import { parseBallot } from './parse.ts';
import {
  readCredentials,
  readEncryptedTally,
  readSetupData,
  readSizedTally,
  readTrustees,
  serializePartialDecryption,
} from './record/items.ts';
import { electionPublicKey } from './trustees.ts';
import { readRecord } from './record/record.ts';

export type TallyToDecrypt = {
  uuid: string;
  fingerprint: string;
  /** The number of ballots in the tally (the last of each credential). */
  ballots: number;
  tally: Ciphertext[][];
};

const same = (a: readonly Ciphertext[][], b: readonly Ciphertext[][]) =>
  a.length === b.length &&
  a.every(
    (row, i) =>
      row.length === b[i]!.length &&
      row.every((c, j) => c.alpha === b[i]![j]!.alpha && c.beta === b[i]![j]!.beta),
  );

/**
 * The tally a trustee decrypts, recomputed from a record's bytes, or why it cannot be. `me`: the
 * trustee's place in the Pedersen group (1-based) and verification key, checked against the
 * record's Setup; `onBallot` reports the ballots' checks as they go.
 */
export function tallyToDecrypt(
  bytes: Uint8Array,
  me?: { position: number; publicKey: bigint },
  onBallot?: (done: number, total: number) => void,
): TallyToDecrypt | { problem: string } {
  try {
    const record = readRecord(bytes);
    const data = (hash: string | undefined) => {
      const text = hash === undefined ? undefined : record.data.get(hash);
      if (text === undefined) throw new Error('rekaman tidak lengkap');
      return text;
    };
    const setup = readSetupData(data(record.events[0]?.event.payload));
    const electionText = data(setup.election);
    const election = parseElection(electionText);
    if ('problem' in election) return { problem: `objek pemilihan tidak sah: ${election.problem}` };
    const trustees = readTrustees(data(setup.trustees));
    if (electionPublicKey(trustees) !== election.publicKey)
      return { problem: 'Kunci pemilihan tidak sesuai dengan kunci para wali kunci.' };
    if (me) {
      const group = trustees.find((t) => t.kind === 'Pedersen');
      const mine =
        group?.kind === 'Pedersen' ? group.params.verificationKeys[me.position - 1] : undefined;
      if (mine?.publicKey !== me.publicKey)
        return {
          problem:
            'Kunci Anda tidak tercatat pada rekaman pemilihan ini di tempatnya: jangan didekripsi, laporkan kepada panitia.',
        };
    }
    const weights = new Map(
      readCredentials(data(setup.credentials)).map((c) => [c.credential, c.weight]),
    );
    const ctx = ballotContextOf(electionText);
    const tallyEvent = record.events.find((e) => e.event.type === 'EncryptedTally');
    if (!tallyEvent) return { problem: 'Pemungutan suara belum ditutup: belum ada tally.' };
    const last = new Map<bigint, Ballot>();
    const ballotEvents = record.events.filter((e) => e.event.type === 'Ballot');
    for (const [i, { event }] of ballotEvents.entries()) {
      const parsed = parseBallot(data(event.payload));
      if (!parsed.ok) return { problem: `surat suara tidak terbaca (${parsed.reason})` };
      if (!weights.has(parsed.ballot.credential))
        return { problem: 'surat suara dengan kredensial yang tidak terdaftar' };
      const defect = checkBallot(ctx, parsed.ballot);
      if (defect) return { problem: `surat suara tidak sah dalam rekaman (${defect})` };
      last.set(parsed.ballot.credential, parsed.ballot);
      onBallot?.(i + 1, ballotEvents.length);
    }
    const shape = election.questions.map((q) => q.answers.length + (q.blank ? 1 : 0));
    const tally = encryptedTally(
      [...last.values()].map((b) => {
        const w = BigInt(weights.get(b.credential)!);
        return b.answers.map((a) =>
          a.choices.map((c) => (w === 1n ? c : { alpha: pow(c.alpha, w), beta: pow(c.beta, w) })),
        );
      }),
      shape,
    );
    const sized = readSizedTally(data(tallyEvent.event.payload));
    if (
      sized.num_tallied !== last.size ||
      !same(readEncryptedTally(data(sized.encrypted_tally)), tally)
    )
      return {
        problem:
          'Tally terenkripsi di server tidak sama dengan yang dihitung ulang dari surat suara: jangan didekripsi, laporkan kepada panitia.',
      };
    return {
      uuid: election.uuid,
      fingerprint: electionFingerprint(electionText),
      ballots: last.size,
      tally,
    };
  } catch (err) {
    return { problem: `Rekaman tidak dapat dibaca: ${(err as Error).message}` };
  }
}

/** The partial decryption (serialized as the record stores it) of a tally with a trustee's key. */
export function decryptTally(t: TallyToDecrypt, share: bigint): string {
  return serializePartialDecryption(partialDecrypt(t.fingerprint, share, t.tally));
}
