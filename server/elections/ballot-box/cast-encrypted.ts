import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { auditedBallots, electionCredentials, elections } from '../../db/schema/index.ts';
import { canonicalUuid } from '../../../shared/ids.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { ballotTracker, type BallotDefect } from '../../../shared/crypto/ballot.ts';
import { checkBallotOffThread } from '../../crypto/ballot-check-pool.ts';
import { parseBallot, type BallotParseFailure } from '../../../shared/crypto/parse.ts';
import { castableVoterSql, openElectionSql } from '../rules/eligibility.ts';
import { recordRow, storeAppended, writerAfter } from '../record/record-store.ts';
import { hashOfTracker } from '../record/public-ballot-box.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { sessionUser, type Caster } from './cast-ballot.ts';
import { standingIn } from './standing.ts';

/** What a refused encrypted ballot is answered with: a code for programs, a sentence for people. */
const DEFECTS: Record<BallotDefect | BallotParseFailure, string> = {
  'not-json': 'Surat suara terenkripsi bukan JSON yang sah.',
  'wrong-shape': 'Susunan surat suara terenkripsi tidak sesuai format.',
  'not-canonical': 'Surat suara terenkripsi tidak dalam bentuk kanonis.',
  'wrong-election': 'Surat suara ini dibuat untuk pemilihan lain.',
  'bad-credential': 'Kredensial pada surat suara tidak sah.',
  'bad-signature': 'Tanda tangan surat suara tidak sah.',
  'bad-proof': 'Bukti keabsahan surat suara tidak sah.',
};

/** 400 with code BALLOT_NOT_JSON, BALLOT_BAD_PROOF, …: which check the ballot failed. */
export const invalidBallot = (defect: keyof typeof DEFECTS) =>
  new ApiError(400, `BALLOT_${defect.toUpperCase().replaceAll('-', '_')}`, DEFECTS[defect], {
    ballot: DEFECTS[defect],
  });

/**
 * Casts an encrypted ballot (format 2). The ballot is checked completely before anything is
 * written — canonical bytes, this election, group membership, the credential's signature and
 * every proof — and its credential must be the one issued for the voter's NIM. Then, in one
 * transaction: the participation mark (whose key makes a second ballot impossible) and the
 * ballot appended to the public record after its head. Returns the ballot tracker, which is the
 * voter's Kode Bukti.
 */
export async function castEncryptedBallot(
  db: Db,
  request: { electionId: string; ballot: string } & Caster,
): Promise<{ receipt: string; votedAt: Date; userId: string; repeated: boolean }> {
  const electionId = canonicalUuid(request.electionId);
  if (!electionId) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  // Who casts first: checking a ballot costs real work, which only a signed-in voter may ask for.
  const userId = 'userId' in request ? request.userId : await sessionUser(db, request.sessionToken);
  if (!userId) throw errors.unauthenticated();
  const parsed = parseBallot(request.ballot);
  if (!parsed.ok) throw invalidBallot(parsed.reason);
  const credential = String(parsed.ballot.credential);
  // Cheap before costly: the proofs are checked only for a voter who may cast now, has not, and
  // signs with their own credential (indexed lookups), so nobody else can make the server work.
  const [may] = await queryRows<{ ok: number }>(db, castableWith(electionId, userId, credential));
  if (!may) {
    // The same ballot sent again (the answer was lost on the way): the same answer, once more.
    const earlier = await castBefore(db, electionId, userId, credential, request.ballot);
    if (earlier) return { ...earlier, userId, repeated: true };
    throw await refusal(db, electionId, userId);
  }
  const record = await recordRow(db, electionId);
  if (!record) throw new Error(`verifiable election ${electionId} has no record`);
  const defect = await checkBallotOffThread(record.electionText, request.ballot);
  if (defect !== null) throw invalidBallot(defect);

  const receipt = ballotTracker(request.ballot);
  const votedAt = await db.transaction(async (tx) => {
    // The record's row first: casts take their turn here, and the close (which sets
    // ballots_ended under the same lock) either waits for this cast or is seen by it; so does
    // an audit, so a ballot is either opened or cast, never both.
    const row = await recordRow(tx, electionId, { forUpdate: true });
    if (!row || row.ballotsEnded) return null;
    if (await isAudited(tx, electionId, receipt)) return 'audited' as const;
    const [mark] = await queryRows<{ voted_at: Date | string }>(
      tx,
      sql`
        insert into participation (election_id, user_id, nim, prodi)
        select e.id, vo.user_id, vo.nim, vo.prodi
        from elections e
        join voters vo on vo.user_id = ${userId}
        join election_credentials ec
          on ec.election_id = e.id and ec.nim = vo.nim and ec.public_credential = ${credential}
        where e.id = ${electionId}::uuid and e.ballot_format = 2 and ${sql.raw(openElectionSql('e'))}
          and ${sql.raw(castableVoterSql('vo', 'e.id'))}
        on conflict do nothing
        returning voted_at`,
    );
    if (!mark) return null;
    // A voter who has voted needs no credential sent again: its sealed copy goes now.
    await tx
      .update(electionCredentials)
      .set({ sealedCredential: null })
      .where(
        and(
          eq(electionCredentials.electionId, electionId),
          eq(electionCredentials.publicCredential, credential),
        ),
      );
    const writer = writerAfter(row);
    writer.addEvent('Ballot', writer.addData(request.ballot));
    await storeAppended(tx, row, writer);
    return new Date(mark.voted_at);
  });
  if (votedAt === 'audited')
    throw new ApiError(
      409,
      'BALLOT_AUDITED',
      'Surat suara ini sudah dibuka untuk diperiksa, jadi tidak dapat dikirim. Buat surat suara baru lalu kirim.',
    );
  if (votedAt) return { receipt, votedAt, userId, repeated: false };
  throw await refusal(db, electionId, userId);
}

/** Whether the ballot with this tracker was opened by its voter (it can then never be cast). */
export async function isAudited(db: Db | Tx, electionId: string, tracker: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(auditedBallots)
    .where(and(eq(auditedBallots.electionId, electionId), eq(auditedBallots.tracker, tracker)));
  return row !== undefined;
}

/** A row when the voter may cast in the open election now, has not, and owns the credential. */
export const castableWith = (electionId: string, userId: string, credential: string) => sql`
  select 1 as ok
  from elections e
  join voters vo on vo.user_id = ${userId}
  join election_credentials ec
    on ec.election_id = e.id and ec.nim = vo.nim and ec.public_credential = ${credential}
  where e.id = ${electionId}::uuid and e.ballot_format = 2 and ${sql.raw(openElectionSql('e'))}
    and ${sql.raw(castableVoterSql('vo', 'e.id'))}
    and not exists (select 1 from participation p
      where p.election_id = e.id and (p.user_id = vo.user_id or p.nim = vo.nim))`;

/**
 * When this voter's ballot, byte for byte, is already in the record under their own credential:
 * its tracker and the time it was recorded. A retry of a cast whose answer never arrived is
 * answered as the cast was; any other ballot after a cast is refused.
 */
async function castBefore(
  db: Db,
  electionId: string,
  userId: string,
  credential: string,
  ballot: string,
): Promise<{ receipt: string; votedAt: Date } | undefined> {
  const receipt = ballotTracker(ballot);
  const hash = hashOfTracker(receipt);
  const [row] = await queryRows<{ voted_at: Date | string }>(
    db,
    sql`
      select p.voted_at
      from participation p
      join voters vo on vo.user_id = p.user_id
      join election_credentials ec
        on ec.election_id = p.election_id and ec.nim = vo.nim and ec.public_credential = ${credential}
      join record_entries re
        on re.election_id = p.election_id and re.hash = ${hash} and re.kind = 'data'
      where p.election_id = ${electionId}::uuid and p.user_id = ${userId}`,
  );
  return row ? { receipt, votedAt: new Date(row.voted_at) } : undefined;
}

/** Why nothing was written: where the voter stands, else a credential that is not theirs. */
export async function refusal(db: Db, electionId: string, userId: string): Promise<ApiError> {
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!election) return new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  if (election.ballotFormat !== ENCRYPTED_BALLOT_FORMAT)
    return new ApiError(
      409,
      'NOT_ENCRYPTED',
      'Pemilihan ini tidak menerima surat suara terenkripsi.',
    );
  const { refusal } = await standingIn(db, userId, election);
  if (refusal) return new ApiError(refusal.status, refusal.code, refusal.message);
  // The record was closed (EndBallots) while this cast waited for its turn.
  if ((await recordRow(db, electionId))?.ballotsEnded)
    return new ApiError(409, 'VOTING_CLOSED', 'Pemungutan suara sudah ditutup.');
  return new ApiError(
    403,
    'NOT_YOUR_CREDENTIAL',
    'Kredensial pada surat suara ini bukan kredensial Anda untuk pemilihan ini.',
  );
}
