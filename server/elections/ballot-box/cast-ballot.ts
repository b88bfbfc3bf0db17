import { and, count, eq, gt, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../../db/client.ts';
import { candidates, elections, session } from '../../db/schema/index.ts';
import { canonicalUuid } from '../../../shared/ids.ts';
import { ApiError, errors } from '../../http/errors.ts';
import {
  ABSTAIN,
  BALLOT_FORMAT,
  ballotDigest,
  hashReceipt,
  KOTAK_KOSONG,
} from '../rules/ballot.ts';
import { castableVoterSql, openElectionSql } from '../rules/eligibility.ts';
import { newReceipt } from './receipt.ts';
import { standingIn } from './standing.ts';

/** Who casts: an account id (commands, tests) or the session token of the request (HTTP). */
export type Caster = { userId: string } | { sessionToken: string };

/**
 * The one statement that casts. $1 election, $2 the voter's account id or session token, $3 the
 * choice as sent, $4 the candidate id when the choice is a UUID (else null, so the candidates'
 * primary key is used), $5 kotak kosong marker, $6 abstain marker, $7 receipt hash, $8 format,
 * $9 digest. `who` picks how $2 names the voter: a session token is checked in this same
 * statement (unexpired, by the database clock), so the HTTP path needs one round trip in all.
 */
const castStatement = (who: 'user' | 'session') => `
  with el as (
    select e.id, e.kotak_kosong, e.abstain from elections e
    where e.id = $1::uuid and e.ballot_format = ${BALLOT_FORMAT} and ${openElectionSql('e')}
  ),
  v as (
    select vo.user_id, vo.nim, vo.prodi from voters vo
    where ${castableVoterSql('vo', '$1::uuid')} and vo.user_id = ${
      who === 'user'
        ? '$2::text'
        : '(select s.user_id from session s where s.token = $2::text and s.expires_at > now())'
    }
  ),
  ok_choice as (
    select 1 from el where
      exists (select 1 from candidates c where c.election_id = el.id and c.id = $4::uuid)
      or ($3::text = $5::text and el.kotak_kosong
          and (select count(*) from candidates c where c.election_id = el.id) = 1)
      or ($3::text = $6::text and el.abstain)
  ),
  p as (
    insert into participation (election_id, user_id, nim, prodi)
    select el.id, v.user_id, v.nim, v.prodi from el, v, ok_choice
    on conflict do nothing
    returning voted_at
  ),
  b as (
    insert into ballots (receipt_hash, election_id, choice, format, digest)
    select $7::text, el.id, coalesce(
      (select c.id::text from candidates c where c.election_id = el.id and c.id = $4::uuid),
      $3::text
    ), $8::smallint, $9::text from p, el
    returning 1
  )
  select p.voted_at from p, b
`;
const CAST_BY_USER = castStatement('user');
const CAST_BY_SESSION = castStatement('session');

/**
 * Casts one ballot. The participation mark and the ballot are written by one SQL statement, so
 * one transaction: both or neither. The participation key (election, voter) and (election, NIM)
 * make a second ballot impossible under any concurrency. Eligibility, the voting window, the
 * choice (and, over HTTP, the session) are checked inside the same statement against the
 * database's own clock. Returns the receipt (shown once, stored only as a hash).
 */
export async function castBallot(
  db: Db,
  request: { electionId: string; choice: string } & Caster,
): Promise<{ receipt: string; votedAt: Date }> {
  // Ids in one spelling: the digest is over the same text the ballot row holds.
  const electionId = canonicalUuid(request.electionId);
  if (!electionId) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  const candidateId = canonicalUuid(request.choice) ?? null;
  const input = { ...request, electionId, choice: candidateId ?? request.choice };
  const receipt = newReceipt();
  const receiptHash = hashReceipt(receipt);
  const digest = ballotDigest({
    electionId: input.electionId,
    receiptHash,
    choice: input.choice,
    format: BALLOT_FORMAT,
  });
  const bySession = 'sessionToken' in input;
  const rows = await queryPrepared<{ voted_at: Date | string }>(
    db,
    bySession ? 'cast_ballot_by_session' : 'cast_ballot_by_user',
    bySession ? CAST_BY_SESSION : CAST_BY_USER,
    [
      input.electionId,
      bySession ? input.sessionToken : input.userId,
      input.choice,
      candidateId,
      KOTAK_KOSONG,
      ABSTAIN,
      receiptHash,
      BALLOT_FORMAT,
      digest,
    ],
  );
  const row = rows[0];
  if (row) return { receipt, votedAt: new Date(row.voted_at) };
  const userId = bySession ? await sessionUser(db, input.sessionToken) : input.userId;
  if (!userId) throw errors.unauthenticated();
  throw await refusal(db, { electionId, userId, candidateId });
}

/** The account of an unexpired session (HTTP casts; the plain path asks only when refusing). */
export async function sessionUser(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: session.userId })
    .from(session)
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
  return row?.userId ?? null;
}

/**
 * Why a cast wrote nothing: looked up only on this (rare) path. Where the voter stands is decided
 * by rules/eligibility.ts, the same rule the booth shows; then the choice.
 */
async function refusal(
  db: Db,
  input: { electionId: string; userId: string; candidateId: string | null },
): Promise<ApiError> {
  const [election] = await db.select().from(elections).where(eq(elections.id, input.electionId));
  if (!election) return new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  const { refusal } = await standingIn(db, input.userId, election);
  if (refusal) return new ApiError(refusal.status, refusal.code, refusal.message);
  if (election.ballotFormat !== BALLOT_FORMAT)
    return new ApiError(
      400,
      'ENCRYPTED_ONLY',
      'Pemilihan ini hanya menerima surat suara terenkripsi.',
    );
  const [candidate] = await db
    .select({ n: count() })
    .from(candidates)
    .where(
      and(
        eq(candidates.electionId, input.electionId),
        eq(candidates.id, input.candidateId ?? '00000000-0000-0000-0000-000000000000'),
      ),
    );
  if (!candidate?.n)
    return new ApiError(400, 'INVALID_CHOICE', 'Pilihan tidak ada pada surat suara pemilihan ini.');
  // Nothing explains it: the polls closed, or another cast won the race, between the two reads.
  return new ApiError(
    409,
    'NOT_RECORDED',
    'Suara tidak tercatat. Muat ulang halaman dan coba lagi.',
  );
}
