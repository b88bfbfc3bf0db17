import { and, count, eq, gt, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../../db/client.ts';
import {
  candidates,
  electionRoll,
  elections,
  participation,
  session,
  voters,
} from '../../db/schema/index.ts';
import { canonicalUuid } from '../../../shared/ids.ts';
import { ApiError, errors } from '../../http/errors.ts';
import {
  ABSTAIN,
  BALLOT_FORMAT,
  ballotDigest,
  hashReceipt,
  KOTAK_KOSONG,
} from '../rules/ballot.ts';
import { phaseOf } from '../rules/lifecycle.ts';
import { newReceipt } from './receipt.ts';

const jakarta = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});
const wib = (d: Date) => `${jakarta.format(d)} WIB`;

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
    select id, kotak_kosong, abstain from elections
    where id = $1::uuid and status = 'ready' and starts_at <= now() and ends_at > now()
  ),
  v as (
    select vo.user_id, vo.nim, vo.prodi from voters vo
    join election_roll r on r.election_id = $1::uuid and r.nim = vo.nim
    where vo.status = 'verified' and vo.user_id = ${
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

/** The account of an unexpired session (only on the refusal path). */
async function sessionUser(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: session.userId })
    .from(session)
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
  return row?.userId ?? null;
}

/** Why a cast wrote nothing: looked up only on this (rare) path, in the order a voter would ask. */
async function refusal(
  db: Db,
  input: { electionId: string; userId: string; candidateId: string | null },
): Promise<ApiError> {
  const [election] = await db.select().from(elections).where(eq(elections.id, input.electionId));
  if (!election) return new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  const [voted] = await db
    .select({ votedAt: participation.votedAt })
    .from(participation)
    .where(
      and(eq(participation.electionId, input.electionId), eq(participation.userId, input.userId)),
    );
  if (voted)
    return new ApiError(
      409,
      'ALREADY_VOTED',
      `Anda sudah memberikan suara pada ${wib(voted.votedAt)}.`,
    );
  const [voter] = await db.select().from(voters).where(eq(voters.userId, input.userId));
  if (!voter)
    return new ApiError(403, 'NOT_A_VOTER', 'Hanya pemilih terdaftar yang dapat memberikan suara.');
  if (voter.status !== 'verified') {
    return new ApiError(
      403,
      'NOT_VERIFIED',
      voter.status === 'rejected'
        ? 'Data pemilih Anda ditolak. Perbaiki profil Anda dan tunggu verifikasi ulang.'
        : 'Akun pemilih Anda belum diverifikasi oleh admin BEM.',
    );
  }
  const phase = phaseOf(election, new Date());
  if (phase === 'draft') return new ApiError(409, 'NOT_OPEN', 'Pemilihan ini belum dibuka.');
  if (phase === 'upcoming')
    return new ApiError(
      409,
      'NOT_OPEN',
      `Pemungutan suara belum dibuka. Dibuka pada ${wib(election.startsAt)}.`,
    );
  if (phase !== 'open') return new ApiError(409, 'CLOSED', 'Pemungutan suara sudah ditutup.');
  const [onRoll] = await db
    .select({ n: count() })
    .from(electionRoll)
    .where(and(eq(electionRoll.electionId, input.electionId), eq(electionRoll.nim, voter.nim)));
  if (!onRoll?.n)
    return new ApiError(
      403,
      'NOT_ON_ROLL',
      'NIM Anda tidak terdaftar dalam daftar pemilih pemilihan ini.',
    );
  const [nimUsed] = await db
    .select({ n: count() })
    .from(participation)
    .where(and(eq(participation.electionId, input.electionId), eq(participation.nim, voter.nim)));
  if (nimUsed?.n)
    return new ApiError(409, 'ALREADY_VOTED', 'NIM ini sudah digunakan untuk memberikan suara.');
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
