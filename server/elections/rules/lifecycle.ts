import type { electionStatus } from '../../db/schema/index.ts';

/**
 * Election lifecycle. Stored statuses: draft (committee prepares) -> ready (locked) -> published
 * (results released), plus archived. Between "ready" and "published", whether an election is
 * upcoming, open or closed follows from its schedule and the clock alone, so no job has to run
 * for polls to open or close on time.
 */
export type ElectionStatus = (typeof electionStatus.enumValues)[number];

/** What an election is at a given moment. */
export type Phase = 'draft' | 'upcoming' | 'open' | 'closed' | 'published' | 'archived';

export type Schedule = { status: ElectionStatus; startsAt: Date; endsAt: Date };

/**
 * An archived election that was locked had closed before it was archived (see canArchive), so
 * its results stay what they were; one archived as a draft never held a vote.
 */
type Held = Schedule & { lockedAt: Date | null };

export function phaseOf(e: Schedule, now: Date): Phase {
  if (e.status === 'draft' || e.status === 'published' || e.status === 'archived') return e.status;
  if (now < e.startsAt) return 'upcoming';
  if (now < e.endsAt) return 'open';
  return 'closed';
}

/** Ballots may be cast only while open. */
export const canCast = (e: Schedule, now: Date) => phaseOf(e, now) === 'open';

/** Candidates, roll and ballot options change only before locking. */
export const canEditSetup = (e: Schedule) => e.status === 'draft';

/** Results (counts per candidate) exist for nobody until the polls have closed. */
export const resultsSealed = (e: Held, now: Date) => {
  const p = phaseOf(e, now);
  // Archived after closing (see canArchive); checked against the end as well, to be safe.
  if (p === 'archived') return e.lockedAt === null || now < e.endsAt;
  return p !== 'closed' && p !== 'published';
};

/**
 * Whether the counts are for everyone (not only admins and the committee): once published, or
 * once closed when the results are released on close. An archived election keeps what it had.
 */
export function resultsPublic(
  e: Held & { resultsRelease: 'on-close' | 'manual'; publishedAt: Date | null },
  now: Date,
): boolean {
  if (resultsSealed(e, now)) return false;
  return e.publishedAt !== null || e.resultsRelease === 'on-close';
}

/** Whether an election exists for people outside its committee (drafts and cancelled drafts do not). */
export const visibleToPublic = (e: Held) =>
  e.status !== 'draft' && !(e.status === 'archived' && e.lockedAt === null);

/**
 * Publishing ("Umumkan Hasil") makes the counts public; only once the polls have closed.
 * Returns why not, or null.
 */
export function canPublish(e: Schedule, now: Date): string | null {
  const p = phaseOf(e, now);
  if (p === 'published') return 'Hasil pemilihan ini sudah diumumkan.';
  if (p === 'archived') return 'Pemilihan ini sudah diarsipkan.';
  if (p !== 'closed') return 'Hasil hanya dapat diumumkan setelah pemungutan suara ditutup.';
  return null;
}

/**
 * Archiving takes an election out of every list: a draft (cancelled, never held), or one whose
 * polls have closed. A locked election that has not closed yet cannot be archived: its voters
 * were told it would happen. Returns why not, or null.
 */
export function canArchive(
  e: Schedule & { resultsRelease: 'on-close' | 'manual'; publishedAt: Date | null },
  now: Date,
): string | null {
  const p = phaseOf(e, now);
  if (p === 'archived') return 'Pemilihan ini sudah diarsipkan.';
  if (p === 'upcoming' || p === 'open')
    return 'Pemilihan yang sudah dikunci hanya dapat diarsipkan setelah pemungutan suara ditutup.';
  // Archiving must never bury results nobody outside the committee has seen.
  if (p === 'closed' && e.resultsRelease === 'manual' && e.publishedAt === null)
    return 'Umumkan hasil pemilihan ini terlebih dahulu sebelum mengarsipkannya.';
  return null;
}

/** Adding a member to a committee: any election not archived. Returns why not, or null. */
export const canAddCommitteeMember = (e: Schedule): string | null =>
  e.status === 'archived' ? 'Pemilihan ini sudah diarsipkan.' : null;

/**
 * Invitation codes work only before the election is locked (after that, only the master adds
 * members, by their account's email). Returns why not, or null.
 */
export function canIssueInvitation(e: Schedule): string | null {
  if (e.status === 'archived') return 'Pemilihan ini sudah diarsipkan.';
  if (e.status !== 'draft')
    return 'Pemilihan ini sudah dikunci: kode undangan tidak berlaku lagi. Tambahkan anggota panitia langsung dengan email akunnya.';
  return null;
}

/**
 * Witnesses (saksi) are invited, and join, only while the election is a draft: they are among
 * the trustees chosen when the key ceremony starts, before lock. Returns why not, or null.
 */
export function canInviteWitness(e: Schedule): string | null {
  if (e.status === 'archived') return 'Pemilihan ini sudah diarsipkan.';
  if (e.status !== 'draft')
    return 'Pemilihan ini sudah dikunci: saksi hanya dapat diundang sebelum pemilihan dikunci.';
  return null;
}

/**
 * A committee's way to a locked election, in order: candidates, who may vote, the schedule, the
 * trustees' key (verifiable elections only) and the lock itself. Each step says whether it is
 * done and, when not, what still stops the lock (the same sentences the lock refuses with).
 */
export type SetupStep = {
  step: 'kandidat' | 'pemilih' | 'jadwal' | 'wali-kunci' | 'kunci';
  done: boolean;
  problems: string[];
};

type Readiness = Schedule & { candidateCount: number; rollSize: number; rollMode: string };

/**
 * The steps for an election; `ceremony` is absent when no key ceremony is needed, else what the
 * ceremony still lacks (null when its key is ready).
 */
export function setupSteps(
  e: Readiness,
  now: Date,
  ceremony?: { problem: string | null },
): SetupStep[] {
  const step = (name: SetupStep['step'], problems: string[]): SetupStep => ({
    step: name,
    done: problems.length === 0,
    problems,
  });
  const schedule: string[] = [];
  if (e.startsAt <= now) schedule.push('Waktu mulai sudah lewat; atur jadwal baru.');
  if (e.endsAt <= e.startsAt) schedule.push('Waktu selesai harus setelah waktu mulai.');
  const steps = [
    step('kandidat', e.candidateCount === 0 ? ['Belum ada kandidat.'] : []),
    step(
      'pemilih',
      e.rollSize > 0
        ? []
        : [
            e.rollMode === 'roll'
              ? 'Daftar pemilih (DPT) masih kosong.'
              : 'Belum ada pemilih terverifikasi yang memenuhi syarat.',
          ],
    ),
    step('jadwal', e.status === 'draft' ? schedule : []),
  ];
  if (ceremony) steps.push(step('wali-kunci', ceremony.problem ? [ceremony.problem] : []));
  steps.push({ step: 'kunci', done: e.status !== 'draft', problems: [] });
  return steps;
}

/** How far the one extension of an election may move its end. */
export const MAX_EXTENSION_HOURS = 24;

/**
 * The end may move later once, by at most 24 hours, and only while the election is upcoming or
 * open: a committee cannot keep the polls open until the result suits it.
 */
export function canExtend(
  e: Schedule & { extendedAt: Date | null },
  newEnd: Date,
  now: Date,
): string | null {
  const p = phaseOf(e, now);
  if (p !== 'open' && p !== 'upcoming')
    return 'Waktu selesai hanya dapat diperpanjang sebelum pemilihan berakhir.';
  if (e.extendedAt)
    return 'Waktu selesai sudah pernah diperpanjang; perpanjangan hanya boleh sekali.';
  if (newEnd <= e.endsAt) return 'Waktu selesai baru harus setelah waktu selesai yang lama.';
  if (newEnd.getTime() - e.endsAt.getTime() > MAX_EXTENSION_HOURS * 3600_000)
    return `Perpanjangan paling lama ${MAX_EXTENSION_HOURS} jam dari waktu selesai semula.`;
  return null;
}
