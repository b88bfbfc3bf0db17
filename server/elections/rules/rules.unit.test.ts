import { describe, expect, it } from 'vitest';
import { ABSTAIN, ballotChoices, ballotDigest, hashReceipt, KOTAK_KOSONG } from './ballot.ts';
import { chainHead, GENESIS, link } from '../../crypto/hash-chain.ts';
import { ballotChainOrder } from './chain.ts';
import {
  canArchive,
  canCast,
  canExtend,
  canPublish,
  setupSteps,
  phaseOf,
  resultsPublic,
  resultsSealed,
  visibleToPublic,
} from './lifecycle.ts';
import { kotakKosongWon, tally } from './tally.ts';

const t = (iso: string) => new Date(iso);
const ready = {
  status: 'ready' as const,
  startsAt: t('2026-12-01T01:00:00Z'),
  endsAt: t('2026-12-01T09:00:00Z'),
  lockedAt: t('2026-11-20T09:00:00Z') as Date | null,
};

describe('lifecycle', () => {
  it('derives upcoming, open and closed from the schedule of a locked election', () => {
    expect(phaseOf(ready, t('2026-12-01T00:59:59Z'))).toBe('upcoming');
    expect(phaseOf(ready, t('2026-12-01T01:00:00Z'))).toBe('open');
    expect(phaseOf(ready, t('2026-12-01T08:59:59Z'))).toBe('open');
    expect(phaseOf(ready, t('2026-12-01T09:00:00Z'))).toBe('closed');
    expect(phaseOf({ ...ready, status: 'draft' }, t('2026-12-01T02:00:00Z'))).toBe('draft');
    expect(phaseOf({ ...ready, status: 'published' }, t('2026-12-01T02:00:00Z'))).toBe('published');
  });

  it('allows casting only while open, and keeps results sealed until closed', () => {
    expect(canCast(ready, t('2026-12-01T00:00:00Z'))).toBe(false);
    expect(canCast(ready, t('2026-12-01T05:00:00Z'))).toBe(true);
    expect(canCast(ready, t('2026-12-01T09:00:00Z'))).toBe(false);
    expect(canCast({ ...ready, status: 'draft' }, t('2026-12-01T05:00:00Z'))).toBe(false);
    expect(resultsSealed(ready, t('2026-12-01T08:59:59Z'))).toBe(true);
    expect(resultsSealed(ready, t('2026-12-01T09:00:00Z'))).toBe(false);
    expect(resultsSealed({ ...ready, status: 'draft' }, t('2027-01-01T00:00:00Z'))).toBe(true);
  });

  it('publishes only a closed election, and archives only drafts and closed elections', () => {
    const during = t('2026-12-01T05:00:00Z');
    const after = t('2026-12-01T10:00:00Z');
    expect(canPublish(ready, during)).toMatch(/setelah pemungutan suara ditutup/);
    expect(canPublish({ ...ready, status: 'draft' }, after)).toMatch(/setelah/);
    expect(canPublish(ready, after)).toBeNull();
    expect(canPublish({ ...ready, status: 'published' }, after)).toMatch(/sudah diumumkan/);
    const onClose = { ...ready, resultsRelease: 'on-close' as const, publishedAt: null };
    expect(canArchive({ ...onClose, status: 'draft' }, during)).toBeNull();
    expect(canArchive(onClose, t('2026-11-30T00:00:00Z'))).toMatch(/setelah pemungutan/);
    expect(canArchive(onClose, during)).toMatch(/setelah pemungutan/);
    expect(canArchive(onClose, after)).toBeNull();
    expect(canArchive({ ...onClose, status: 'archived' }, after)).toMatch(/sudah diarsipkan/);
    // Results released by hand are announced before the election can be archived.
    const manual = { ...onClose, resultsRelease: 'manual' as const };
    expect(canArchive(manual, after)).toMatch(/Umumkan hasil/);
    expect(canArchive({ ...manual, status: 'published', publishedAt: after }, after)).toBeNull();
  });

  it('keeps results as they were once archived, and releases them by the chosen rule', () => {
    const after = t('2026-12-01T10:00:00Z');
    const held = { ...ready, status: 'archived' as const };
    const cancelled = { ...held, lockedAt: null };
    expect(resultsSealed(held, after)).toBe(false);
    expect(resultsSealed(cancelled, after)).toBe(true);
    expect(visibleToPublic(held)).toBe(true);
    expect(visibleToPublic(cancelled)).toBe(false);
    expect(visibleToPublic({ ...ready, status: 'draft' })).toBe(false);
    const manual = { ...ready, resultsRelease: 'manual' as const, publishedAt: null };
    expect(resultsPublic(manual, after)).toBe(false);
    expect(resultsPublic({ ...manual, status: 'published', publishedAt: after }, after)).toBe(true);
    expect(resultsPublic({ ...manual, resultsRelease: 'on-close' }, after)).toBe(true);
    expect(
      resultsPublic({ ...manual, resultsRelease: 'on-close' }, t('2026-12-01T05:00:00Z')),
    ).toBe(false);
    expect(resultsPublic({ ...manual, status: 'archived', publishedAt: after }, after)).toBe(true);
    expect(resultsPublic({ ...manual, status: 'archived' }, after)).toBe(false);
  });

  // What the lock refuses with: the steps' problems (setup/lock.ts adds "already locked").
  const lockBlockers = (e: Parameters<typeof setupSteps>[0], now: Date) =>
    setupSteps(e, now).flatMap((s) => s.problems);

  it('lists what blocks locking', () => {
    const draft = {
      ...ready,
      status: 'draft' as const,
      candidateCount: 0,
      rollSize: 0,
      rollMode: 'roll',
    };
    expect(lockBlockers(draft, t('2026-12-01T02:00:00Z'))).toEqual([
      'Belum ada kandidat.',
      'Daftar pemilih (DPT) masih kosong.',
      'Waktu mulai sudah lewat; atur jadwal baru.',
    ]);
    expect(
      lockBlockers({ ...draft, candidateCount: 2, rollSize: 10 }, t('2026-11-30T00:00:00Z')),
    ).toEqual([]);
  });

  it('orders the committee steps to the lock, and they block exactly what the lock refuses', () => {
    const draft = {
      ...ready,
      status: 'draft' as const,
      candidateCount: 0,
      rollSize: 3,
      rollMode: 'all',
    };
    const at = t('2026-11-30T00:00:00Z');
    const steps = setupSteps(draft, at, { problem: 'Upacara kunci belum selesai.' });
    expect(steps.map((s) => [s.step, s.done])).toEqual([
      ['kandidat', false],
      ['pemilih', true],
      ['jadwal', true],
      ['wali-kunci', false],
      ['kunci', false],
    ]);
    expect(steps.flatMap((s) => s.problems)).toEqual([
      'Belum ada kandidat.',
      'Upacara kunci belum selesai.',
    ]);
    // No ceremony step for an election without one; the lock step is done once locked.
    expect(setupSteps({ ...draft, candidateCount: 1 }, at).map((s) => s.step)).toEqual([
      'kandidat',
      'pemilih',
      'jadwal',
      'kunci',
    ]);
    expect(
      setupSteps({ ...ready, candidateCount: 1, rollSize: 3, rollMode: 'all' }, at).at(-1),
    ).toEqual({ step: 'kunci', done: true, problems: [] });
    // A start in the past stops the schedule step, as it stops the lock.
    const late = setupSteps({ ...draft, candidateCount: 1 }, t('2026-12-01T02:00:00Z'));
    expect(late.find((s) => s.step === 'jadwal')).toEqual({
      step: 'jadwal',
      done: false,
      problems: ['Waktu mulai sudah lewat; atur jadwal baru.'],
    });
    expect(late.flatMap((s) => s.problems)).toEqual(['Waktu mulai sudah lewat; atur jadwal baru.']);
  });

  it('hardening 2: extends the end once, later by at most 24 hours, and only before the polls close', () => {
    const open = { ...ready, extendedAt: null };
    expect(canExtend(open, t('2026-12-01T10:00:00Z'), t('2026-12-01T05:00:00Z'))).toBeNull();
    expect(canExtend(open, t('2026-12-01T08:00:00Z'), t('2026-12-01T05:00:00Z'))).toMatch(
      /setelah/,
    );
    expect(canExtend(open, t('2026-12-01T10:00:00Z'), t('2026-12-01T09:30:00Z'))).toMatch(
      /sebelum/,
    );
    const end = ready.endsAt.getTime();
    expect(canExtend(open, new Date(end + 24 * 3600_000), t('2026-12-01T05:00:00Z'))).toBeNull();
    expect(
      canExtend(open, new Date(end + 24 * 3600_000 + 1000), t('2026-12-01T05:00:00Z')),
    ).toMatch(/paling lama 24 jam/);
    expect(canExtend(open, new Date(end + 30 * 24 * 3600_000), t('2026-12-01T05:00:00Z'))).toMatch(
      /paling lama 24 jam/,
    );
    const extended = { ...ready, extendedAt: t('2026-12-01T04:00:00Z') };
    expect(canExtend(extended, t('2026-12-01T10:00:00Z'), t('2026-12-01T05:00:00Z'))).toMatch(
      /hanya boleh sekali/,
    );
  });
});

describe('ballot', () => {
  it('adds Kotak Kosong only against a lone candidate, and abstain when enabled', () => {
    expect(ballotChoices(['a'], { kotakKosong: true, abstain: false })).toEqual([
      'a',
      KOTAK_KOSONG,
    ]);
    expect(ballotChoices(['a'], { kotakKosong: false, abstain: false })).toEqual(['a']);
    expect(ballotChoices(['a', 'b'], { kotakKosong: true, abstain: true })).toEqual([
      'a',
      'b',
      ABSTAIN,
    ]);
  });

  it('hashes receipts case- and space-insensitively, and digests every field of a ballot', () => {
    expect(hashReceipt(' abcd-efgh ')).toBe(hashReceipt('ABCD-EFGH'));
    const b = { electionId: 'e', receiptHash: hashReceipt('X'), choice: 'a', format: 1 };
    expect(ballotDigest(b)).toMatch(/^[0-9a-f]{64}$/);
    for (const change of [
      { electionId: 'f' },
      { choice: 'b' },
      { format: 2 },
      { receiptHash: hashReceipt('Y') },
    ]) {
      expect(ballotDigest({ ...b, ...change })).not.toBe(ballotDigest(b));
    }
  });
});

describe('chain', () => {
  it('changes its head when an entry is removed, altered or reordered', () => {
    const d = ['a', 'b', 'c'].map((x) =>
      ballotDigest({ electionId: 'e', receiptHash: x, choice: x, format: 1 }),
    );
    const head = chainHead(d);
    expect(head).toBe(link(link(link(GENESIS, d[0]!), d[1]!), d[2]!));
    expect(chainHead([d[0]!, d[2]!])).not.toBe(head);
    expect(chainHead([d[0]!, d[2]!, d[1]!])).not.toBe(head);
    expect(chainHead([d[0]!, d[1]!, 'f'.repeat(64)])).not.toBe(head);
  });

  it('orders ballots by receipt hash, whatever order they were cast in', () => {
    const ballots = [{ receiptHash: 'c' }, { receiptHash: 'a' }, { receiptHash: 'b' }];
    expect(ballotChainOrder(ballots).map((b) => b.receiptHash)).toEqual(['a', 'b', 'c']);
  });
});

describe('tally', () => {
  it('counts every choice, finds the winner and excludes abstentions from valid votes', () => {
    const r = tally(
      ['a', 'b', ABSTAIN],
      new Map([
        ['a', 5],
        ['b', 3],
        [ABSTAIN, 2],
      ]),
    );
    expect(r).toEqual({
      counts: { a: 5, b: 3, [ABSTAIN]: 2 },
      valid: 8,
      total: 10,
      winner: 'a',
      tie: false,
    });
  });

  it('reports a tie for first place and no winner', () => {
    const r = tally(
      ['a', 'b', 'c'],
      new Map([
        ['a', 4],
        ['b', 4],
        ['c', 1],
      ]),
    );
    expect(r).toMatchObject({ winner: null, tie: true });
  });

  it('lets Kotak Kosong beat a lone candidate', () => {
    const r = tally(
      ['a', KOTAK_KOSONG],
      new Map([
        ['a', 3],
        [KOTAK_KOSONG, 7],
      ]),
    );
    expect(kotakKosongWon(r)).toBe(true);
  });

  it('has no winner when nothing valid was cast, and refuses choices outside the ballot', () => {
    expect(tally(['a', 'b'], new Map()).winner).toBeNull();
    expect(() => tally(['a'], new Map([['z', 1]]))).toThrow(/outside the ballot/);
  });
});
