import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { PartialDecryption } from '../../../shared/crypto/decryption.ts';
import { readOwned, readSizedTally } from '../../../shared/crypto/record/items.ts';
import { addTrusteeDecryption, closeRecord } from '../record/close-record.ts';
import { entriesFromTally, entryBody, recordRow } from '../record/record-store.ts';
import { ceremonyOf, parametersOf } from './ceremony.ts';

/** The server's Single key owns decryption id 1; trustee at position p owns p + 1 (§4.18). */
const ownerOf = (position: number) => position + 1;

/**
 * Where the decryption of a verifiable election stands: whether the polls are closed and the
 * encrypted tally exists (closing the record first when they are), the number of ballots in it,
 * which trustees have decrypted, how many are needed, and whether the result is in.
 */
export async function decryptionStatus(db: Db, electionId: string) {
  const state = await ceremonyOf(db, electionId);
  const row = await recordRow(db, electionId);
  if (!state || !row || !state.ceremony.parameters)
    throw new ApiError(
      404,
      'NOT_FOUND',
      'Pemilihan ini tidak memiliki wali kunci: hasilnya tidak menunggu dekripsi.',
    );
  const tallied = await closeRecord(db, electionId);
  // Only what follows the tally (its event, the decryptions, the result): never the ballots.
  // The row read above already names the tally unless this very call closed the record.
  const fresh = !tallied ? undefined : row.tallyHash ? row : await recordRow(db, electionId);
  const entries = fresh ? await entriesFromTally(db, fresh) : [];
  const data = new Map(entries.filter((e) => e.kind === 'data').map((e) => [e.hash, e.text]));
  const events = entries.flatMap((e) => (e.kind === 'event' ? [e.event] : []));
  const decrypted = new Set(
    events
      .filter((e) => e.type === 'PartialDecryption')
      .map((e) => readOwned(data.get(e.payload!)!).owner),
  );
  const sized = events.find((e) => e.type === 'EncryptedTally');
  const sizedText = sized && (await entryBody(db, electionId, sized.payload!));
  const numTallied = sizedText ? readSizedTally(sizedText).num_tallied : null;
  // The record's trustees are the ceremony's (setup-record.ts takes its parameters).
  const params = parametersOf(state.ceremony);
  return {
    tallied,
    numTallied,
    threshold: params?.threshold ?? state.ceremony.threshold,
    trustees: state.trustees.map((t) => ({
      position: t.position,
      userId: t.userId,
      namaLengkap: t.namaLengkap,
      role: t.role,
      decrypted: decrypted.has(ownerOf(t.position)),
    })),
    resultReady: events.some((e) => e.type === 'Result'),
  };
}

/**
 * A trustee's partial decryption, made in their browser from the tally it recomputed from the
 * public ballots: checked against the record's tally and the trustee's verification key before it
 * is appended; the result follows once `threshold` trustees have decrypted.
 */
export async function submitDecryption(
  db: Db,
  actor: Actor,
  electionId: string,
  decryption: PartialDecryption,
) {
  const state = await ceremonyOf(db, electionId);
  const me = state?.trustees.find((t) => t.userId === actor.user.id);
  if (!state || !me) throw new ApiError(403, 'NOT_TRUSTEE', 'Anda bukan wali kunci pemilihan ini.');
  const row = await recordRow(db, electionId);
  if (!row || !state.ceremony.parameters)
    throw new ApiError(409, 'NOT_LOCKED', 'Pemilihan ini belum dikunci dengan kunci para wali.');
  if (!(await closeRecord(db, electionId)))
    throw new ApiError(
      409,
      'NOT_CLOSED',
      'Pemungutan suara belum ditutup: dekripsi baru dapat dilakukan setelah pemilihan selesai.',
    );
  const done = await addTrusteeDecryption(db, electionId, ownerOf(me.position), decryption);
  await appendAudit(db, {
    ...auditActor(actor, me.role),
    action: 'election.trustee_decrypted',
    entityType: 'election',
    entityId: electionId,
    electionId,
    summary: done
      ? `${me.namaLengkap} mengirim dekripsi parsial; hasil pemilihan kini tersedia`
      : `${me.namaLengkap} mengirim dekripsi parsial`,
    details: { position: me.position, resultReady: done },
  });
  return done;
}
