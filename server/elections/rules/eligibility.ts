import { formatWib } from '../../../shared/wib.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Phase } from './lifecycle.ts';

/**
 * Who may vote in which election — the one home of the rule. Two parts:
 *
 * 1. **The roll.** While an election is a draft, its rule (`rollMode`) says who would be on it:
 *    every verified voter, the verified voters of some programmes or entry years, or the NIMs the
 *    committee imported. Locking freezes the rule's answer into `election_roll`, by NIM.
 * 2. **Casting.** An account may cast a ballot when the election is open, the account is a
 *    verified voter, its NIM is on the roll, and neither the account nor that NIM has voted.
 *
 * `standing` decides part 2 from the facts, for the booth, the refusal of a cast, the voter's
 * dashboard and the committee's roll tab. The casting statement cannot call a function, so
 * `castableVoterSql` is the same rule in SQL (tested to agree with `standing`); `onRollByRule`
 * and `rollRuleSql` are part 1, likewise.
 */

export type VoterStatus = 'pending' | 'verified' | 'rejected';

export type EligibilityFacts = {
  phase: Phase;
  /** The account's voter record, or null for someone who is not a registered voter. */
  voter: { status: VoterStatus } | null;
  /** The voter's NIM is on the election's roll. */
  onRoll: boolean;
  /** When this account voted in this election, if it did. */
  votedAt: Date | null;
  /** A ballot was cast in this election under this NIM (by this account or another one). */
  nimVoted: boolean;
};

/** Why someone may not cast, in the order a voter would ask; `eligible` when they may. */
export type Standing =
  | 'voted'
  | 'not-a-voter'
  | 'rejected'
  | 'not-verified'
  | 'not-on-roll'
  | 'not-open'
  | 'upcoming'
  | 'closed'
  | 'nim-voted'
  | 'eligible';

export function standing(f: EligibilityFacts): Standing {
  if (f.votedAt) return 'voted';
  if (!f.voter) return 'not-a-voter';
  if (f.voter.status === 'rejected') return 'rejected';
  if (f.voter.status !== 'verified') return 'not-verified';
  if (!f.onRoll) return 'not-on-roll';
  if (f.phase === 'draft') return 'not-open';
  if (f.phase === 'upcoming') return 'upcoming';
  if (f.phase !== 'open') return 'closed';
  if (f.nimVoted) return 'nim-voted';
  return 'eligible';
}

export type Refusal = { status: 403 | 409; code: string; message: string };

/** What a refused cast answers, and what the booth says instead of the ballot. */
export function refusalOf(
  s: Standing,
  at: { votedAt: Date | null; startsAt: Date },
): Refusal | null {
  switch (s) {
    case 'eligible':
      return null;
    case 'voted':
      return {
        status: 409,
        code: 'ALREADY_VOTED',
        message: at.votedAt
          ? `Anda sudah memberikan suara pada ${formatWib(at.votedAt)}.`
          : 'Anda sudah memberikan suara.',
      };
    case 'not-a-voter':
      return {
        status: 403,
        code: 'NOT_A_VOTER',
        message: 'Hanya pemilih terdaftar yang dapat memberikan suara.',
      };
    case 'rejected':
      return {
        status: 403,
        code: 'NOT_VERIFIED',
        message: 'Data pemilih Anda ditolak. Perbaiki profil Anda dan tunggu verifikasi ulang.',
      };
    case 'not-verified':
      return {
        status: 403,
        code: 'NOT_VERIFIED',
        message: 'Akun pemilih Anda belum diverifikasi oleh admin BEM.',
      };
    case 'not-open':
      return { status: 409, code: 'NOT_OPEN', message: 'Pemilihan ini belum dibuka.' };
    case 'upcoming':
      return {
        status: 409,
        code: 'NOT_OPEN',
        message: `Pemungutan suara belum dibuka. Dibuka pada ${formatWib(at.startsAt)}.`,
      };
    case 'closed':
      return { status: 409, code: 'CLOSED', message: 'Pemungutan suara sudah ditutup.' };
    case 'not-on-roll':
      return {
        status: 403,
        code: 'NOT_ON_ROLL',
        message: 'NIM Anda tidak terdaftar dalam daftar pemilih pemilihan ini.',
      };
    case 'nim-voted':
      return {
        status: 409,
        code: 'ALREADY_VOTED',
        message: 'NIM ini sudah digunakan untuk memberikan suara.',
      };
  }
}

/** A roll entry as the committee's roll tab shows it. */
export function rollEntryLabel(s: Standing): string {
  if (s === 'voted' || s === 'nim-voted') return 'Sudah memilih';
  if (s === 'not-a-voter') return 'Belum mendaftar';
  if (s === 'rejected') return 'Data ditolak';
  if (s === 'not-verified') return 'Belum diverifikasi';
  return 'Belum memilih';
}

/**
 * The casting half of the rule in SQL, for the one statement that casts: true for a voter row
 * `v` (alias) who is verified and whose NIM is on the roll of `electionId` (a SQL expression).
 * Not having voted is enforced by the participation keys in the same statement; the window by
 * `openElectionSql`.
 */
export const castableVoterSql = (v: string, electionId: string) =>
  `${v}.status = 'verified' and exists (select 1 from election_roll r where r.election_id = ${electionId} and r.nim = ${v}.nim)`;

/** The window half: the election row `e` is locked and open now, by the database's clock. */
export const openElectionSql = (e: string) =>
  `${e}.status = 'ready' and ${e}.starts_at <= now() and ${e}.ends_at > now()`;

/** An election's roll rule, as locking applies it. */
export type RollRule = {
  rollMode: 'all' | 'prodi' | 'angkatan' | 'roll';
  rollProdi: string[];
  rollYears: number[];
};

/**
 * Whether a voter is on the roll the rule makes (for `roll`, the imported NIMs decide, so the
 * rule itself puts nobody on it).
 */
export function onRollByRule(
  rule: RollRule,
  v: { status: VoterStatus; prodi: string; angkatan: number | null },
): boolean {
  if (rule.rollMode === 'roll' || v.status !== 'verified') return false;
  if (rule.rollMode === 'prodi') return rule.rollProdi.includes(v.prodi);
  if (rule.rollMode === 'angkatan')
    return v.angkatan !== null && rule.rollYears.includes(v.angkatan);
  return true;
}

/** `onRollByRule` in SQL over the voters row `v` (tested to agree). */
export function rollRuleSql(rule: RollRule): SQL {
  if (rule.rollMode === 'roll') return sql`false`;
  const base = sql`v.status = 'verified'`;
  if (rule.rollMode === 'prodi')
    return sql`${base} and v.prodi::text in (select jsonb_array_elements_text(${JSON.stringify(rule.rollProdi)}::jsonb))`;
  if (rule.rollMode === 'angkatan')
    return sql`${base} and v.angkatan in (select (jsonb_array_elements_text(${JSON.stringify(rule.rollYears)}::jsonb))::int)`;
  return base;
}
