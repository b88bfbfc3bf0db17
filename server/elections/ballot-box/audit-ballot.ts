import { and, count, eq, max, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { auditedBallots, recordEntries } from '../../db/schema/index.ts';
import { canonicalUuid } from '../../../shared/ids.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { ballotTracker } from '../../../shared/crypto/ballot.ts';
import { serializeAuditedBallot } from '../../../shared/crypto/audit.ts';
import { auditBallotOffThread } from '../../crypto/ballot-check-pool.ts';
import { parseBallot } from '../../../shared/crypto/parse.ts';
import { recordRow } from '../record/record-store.ts';
import { hashOfTracker } from '../record/public-ballot-box.ts';
import { sessionUser, type Caster } from './cast-ballot.ts';
import { castableWith, invalidBallot, refusal } from './cast-encrypted.ts';

/** How many ballots one voter may open in one election (the list stays readable). */
export const MAX_AUDITS = 10;

export type AuditAnswer = {
  tracker: string;
  plaintexts: number[][];
  remaining: number;
  repeated: boolean;
};

/**
 * Opens a ballot that the voter chose to check instead of casting ("Periksa surat suara"). Only a
 * voter who may cast now, with their own credential, may open one: the ballot is checked
 * completely and opened with its randomness (off the event loop) before anything is written;
 * then, under the record's lock (the lock a cast takes), a ballot already cast is refused — its
 * content must stay secret — and the opened ballot joins the public list, after which no cast of
 * it is accepted. The same ballot opened again gets the same answer.
 */
export async function auditBallot(
  db: Db,
  request: { electionId: string; ballot: string; randomness: string[][] } & Caster,
): Promise<AuditAnswer> {
  const electionId = canonicalUuid(request.electionId);
  if (!electionId) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  const userId = 'userId' in request ? request.userId : await sessionUser(db, request.sessionToken);
  if (!userId) throw errors.unauthenticated();
  const parsed = parseBallot(request.ballot);
  if (!parsed.ok) throw invalidBallot(parsed.reason);
  const credential = String(parsed.ballot.credential);
  const tracker = ballotTracker(request.ballot);

  const earlier = async () => {
    const [row] = await db
      .select({ body: auditedBallots.body })
      .from(auditedBallots)
      .where(
        and(
          eq(auditedBallots.electionId, electionId),
          eq(auditedBallots.tracker, tracker),
          eq(auditedBallots.credential, credential),
        ),
      );
    if (!row) return undefined;
    const { plaintexts } = JSON.parse(row.body) as { plaintexts: number[][] };
    return { tracker, plaintexts, remaining: await remainingFor(db, electionId, credential) };
  };

  const [may] = await queryRows<{ ok: number }>(db, castableWith(electionId, userId, credential));
  if (!may) {
    const again = await earlier();
    if (again) return { ...again, repeated: true };
    throw await refusal(db, electionId, userId);
  }
  if ((await remainingFor(db, electionId, credential)) === 0) {
    const again = await earlier();
    if (again) return { ...again, repeated: true };
    throw tooMany();
  }
  const record = await recordRow(db, electionId);
  if (!record) throw new Error(`verifiable election ${electionId} has no record`);
  const verdict = await auditBallotOffThread({
    electionText: record.electionText,
    ballot: request.ballot,
    randomness: request.randomness,
  });
  if (!verdict.ok) {
    if (verdict.reason === 'bad-randomness')
      throw new ApiError(
        400,
        'BALLOT_BAD_RANDOMNESS',
        'Keacakan yang dikirim tidak membuka surat suara ini.',
        { randomness: 'Keacakan yang dikirim tidak membuka surat suara ini.' },
      );
    throw invalidBallot(verdict.reason);
  }
  const body = serializeAuditedBallot(
    request.ballot,
    request.randomness.map((rs) => rs.map((r) => BigInt(r))),
    verdict.plaintexts,
  );

  const outcome = await db.transaction(async (tx) => {
    const row = await recordRow(tx, electionId, { forUpdate: true });
    if (!row || row.ballotsEnded) return 'closed' as const;
    const [cast] = await tx
      .select({ position: recordEntries.position })
      .from(recordEntries)
      .where(
        and(
          eq(recordEntries.electionId, electionId),
          eq(recordEntries.hash, hashOfTracker(tracker)),
          eq(recordEntries.kind, 'data'),
        ),
      );
    if (cast) return 'cast' as const;
    // A cast that took the lock first since the check above: this voter has voted now.
    const [voted] = await queryRows<{ ok: number }>(
      tx,
      sql`
        select 1 as ok from participation p
        join voters vo on vo.user_id = ${userId}
        where p.election_id = ${electionId}::uuid and (p.user_id = vo.user_id or p.nim = vo.nim)`,
    );
    if (voted) return 'voted' as const;
    const [seen] = await tx
      .select({ n: count(), last: max(auditedBallots.position) })
      .from(auditedBallots)
      .where(eq(auditedBallots.electionId, electionId));
    const [mine] = await tx
      .select({ n: count() })
      .from(auditedBallots)
      .where(
        and(eq(auditedBallots.electionId, electionId), eq(auditedBallots.credential, credential)),
      );
    if ((mine?.n ?? 0) >= MAX_AUDITS) return 'too-many' as const;
    const inserted = await tx
      .insert(auditedBallots)
      .values({
        electionId,
        position: seen?.last === null || seen?.last === undefined ? 0 : seen.last + 1,
        tracker,
        credential,
        body,
      })
      .onConflictDoNothing({ target: [auditedBallots.electionId, auditedBallots.tracker] })
      .returning({ tracker: auditedBallots.tracker });
    return inserted.length ? ('opened' as const) : ('again' as const);
  });
  if (outcome === 'closed')
    throw new ApiError(409, 'VOTING_CLOSED', 'Pemungutan suara sudah ditutup.');
  if (outcome === 'cast')
    throw new ApiError(
      409,
      'BALLOT_ALREADY_CAST',
      'Surat suara ini sudah dikirim, jadi tidak dapat dibuka: isinya tetap rahasia.',
    );
  if (outcome === 'too-many') throw tooMany();
  if (outcome === 'voted') throw await refusal(db, electionId, userId);
  if (outcome === 'again') {
    const again = await earlier();
    if (again) return { ...again, repeated: true };
    // The same tracker under another credential cannot happen (the credential is in the bytes).
    throw new Error('audited ballot vanished');
  }
  return {
    tracker,
    plaintexts: verdict.plaintexts,
    remaining: await remainingFor(db, electionId, credential),
    repeated: false,
  };
}

const tooMany = () =>
  new ApiError(
    409,
    'TOO_MANY_AUDITS',
    `Anda sudah memeriksa ${MAX_AUDITS} surat suara pada pemilihan ini. Kirim surat suara Anda.`,
  );

async function remainingFor(db: Db, electionId: string, credential: string) {
  const [mine] = await db
    .select({ n: count() })
    .from(auditedBallots)
    .where(
      and(eq(auditedBallots.electionId, electionId), eq(auditedBallots.credential, credential)),
    );
  return Math.max(0, MAX_AUDITS - (mine?.n ?? 0));
}
