import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  candidates,
  electionCredentials,
  electionRecords,
  electionRoll,
  type elections,
} from '../../db/schema/index.ts';
import {
  BASE58,
  generateCredential,
  publicCredential,
} from '../../../shared/crypto/credentials.ts';
import { electionFingerprint, serializeElection } from '../../../shared/crypto/election.ts';
import { sha256B64 } from '../../../shared/crypto/hash.ts';
import { randomChars } from '../../../shared/crypto/random.ts';
import { serializeCredentials, serializeSetupData } from '../../../shared/crypto/record/items.ts';
import { RecordWriter } from '../../../shared/crypto/record/record.ts';
import {
  electionPublicKey,
  generateTrusteeKey,
  serializeTrustees,
  type ThresholdParameters,
  type TrusteeKind,
} from '../../../shared/crypto/trustees.ts';
import { electionQuestion } from './ballot-question.ts';
import { storeAppended } from './record-store.ts';
import { sealCredentials } from '../../crypto/credential-recovery.ts';

/** Ballot format 2: encrypted in the voter's browser, published as a Belenios 2.0 record. */
export const ENCRYPTED_BALLOT_FORMAT = 2;

type Election = typeof elections.$inferSelect;

/**
 * Sets up the public record when a verifiable election is locked, in the lock's transaction: the
 * election object (its question from the candidates), the server's Single trustee key, one
 * credential per NIM on the frozen roll, and the Setup event. The public credentials are
 * published sorted by value, so their order says nothing about the roll's.
 *
 * With a Pedersen group of trustees (`opts.pedersen`: the committee and witnesses, from their key
 * ceremony, trustees/ceremony.ts; simulations pass one), decryption needs the server and
 * `threshold` of them. Without one, the server's key is the election key and the server alone can decrypt:
 * SECURITY.md says so.
 */
export async function setUpRecord(
  tx: Tx,
  election: Election,
  lockedAt: Date,
  opts: {
    pedersen?: ThresholdParameters;
    uuid?: string;
    /** The committee's recovery code (canonical form): each credential is kept sealed under it. */
    recoveryCode?: string;
  } = {},
) {
  const cands = await tx
    .select()
    .from(candidates)
    .where(eq(candidates.electionId, election.id))
    .orderBy(asc(candidates.nomorUrut));
  const { question } = electionQuestion(cands, election);
  // A key ceremony fixed the uuid already: the trustees' key files name it.
  const uuid = opts.uuid ?? randomChars(BASE58, 22);
  const server = generateTrusteeKey();
  const trustees: TrusteeKind[] = [
    { kind: 'Single', key: server.key },
    ...(opts.pedersen ? [{ kind: 'Pedersen' as const, params: opts.pedersen }] : []),
  ];
  const publicKey = electionPublicKey(trustees);
  if (publicKey === undefined) throw new Error('unreadable trustee commitments');
  const electionText = serializeElection({
    description: election.description,
    name: election.title,
    publicKey,
    questions: [question],
    uuid,
  });
  const roll = await tx
    .select({ nim: electionRoll.nim })
    .from(electionRoll)
    .where(eq(electionRoll.electionId, election.id));
  const issued = roll.map(({ nim }) => {
    const credential = generateCredential();
    return { nim, credential, publicCredential: publicCredential(credential, uuid) };
  });
  const published = issued
    .map((c) => c.publicCredential)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const credentialsText = serializeCredentials(published);

  const timestamp = Math.floor(lockedAt.getTime() / 1000);
  const writer = new RecordWriter(timestamp);
  const e = writer.addData(electionText);
  const t = writer.addData(serializeTrustees(trustees));
  const c = writer.addData(credentialsText);
  writer.addEvent('Setup', writer.addData(serializeSetupData(e, t, c)));

  const [row] = await tx
    .insert(electionRecords)
    .values({
      electionId: election.id,
      uuid,
      timestamp,
      electionText,
      fingerprint: electionFingerprint(electionText),
      serverSecret: String(server.secret),
      credentialsFingerprint: sha256B64(credentialsText),
      credentialsCount: published.length,
      headHash: '',
      headHeight: -1,
      entryCount: 0,
    })
    .returning();
  await storeAppended(tx, row!, writer);
  const sealed = opts.recoveryCode ? sealCredentials(opts.recoveryCode, uuid, issued) : undefined;
  for (let i = 0; i < issued.length; i += 1000) {
    await tx.insert(electionCredentials).values(
      issued.slice(i, i + 1000).map((c, j) => ({
        electionId: election.id,
        nim: c.nim,
        credential: c.credential,
        publicCredential: String(c.publicCredential),
        sealedCredential: sealed?.[i + j] ?? null,
      })),
    );
  }
  return { uuid, credentialsFingerprint: sha256B64(credentialsText), count: published.length };
}
