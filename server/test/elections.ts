import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { candidates, electionRoll, elections, user, voters } from '../db/schema/index.ts';
import { castBallot } from '../elections/ballot-box/cast-ballot.ts';

let seq = 0;

/** A unique NIM for test voters. */
export const testNim = () =>
  `9${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(6, '0')}`;

/**
 * Voters straight into the database (no password: these tests call the ballot box directly, and
 * hashing hundreds of passwords would only slow them down).
 */
export async function insertVoters(
  db: Db,
  n: number,
  opts: {
    status?: 'pending' | 'verified' | 'rejected';
    prodi?: 'Teknokimia Nuklir' | 'Elektronika Instrumentasi' | 'Elektro Mekanika';
  } = {},
) {
  const rows = Array.from({ length: n }, () => ({ id: crypto.randomUUID(), nim: testNim() }));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.insert(user).values(
      chunk.map((r) => ({
        id: r.id,
        name: 'Pemilih Uji',
        email: `${r.id}@uji.test`,
        emailVerified: true,
      })),
    );
    await db.insert(voters).values(
      chunk.map((r) => ({
        userId: r.id,
        namaLengkap: 'Pemilih Uji',
        nim: r.nim,
        prodi: opts.prodi ?? 'Teknokimia Nuklir',
        status: opts.status ?? 'verified',
      })),
    );
  }
  return rows;
}

/** An election that is open now, locked, with candidates and a roll of the given NIMs. */
export async function insertOpenElection(
  db: Db,
  opts: {
    candidates?: number;
    nims?: string[];
    startsInMs?: number;
    endsInMs?: number;
    kotakKosong?: boolean;
    abstain?: boolean;
    /** 2: a verifiable election (its record is set up by the caller, as locking does). */
    ballotFormat?: number;
  } = {},
) {
  const now = Date.now();
  const [election] = await db
    .insert(elections)
    .values({
      title: 'Pemilihan Raya Uji',
      organizer: 'KPU Uji',
      startsAt: new Date(now + (opts.startsInMs ?? -60_000)),
      endsAt: new Date(now + (opts.endsInMs ?? 3_600_000)),
      status: 'ready',
      lockedAt: new Date(now - 120_000),
      rollMode: 'roll',
      rollSize: opts.nims?.length ?? 0,
      kotakKosong: opts.kotakKosong ?? true,
      abstain: opts.abstain ?? false,
      ballotFormat: opts.ballotFormat ?? 1,
    })
    .returning();
  const cands = await db
    .insert(candidates)
    .values(
      Array.from({ length: opts.candidates ?? 2 }, (_, i) => ({
        electionId: election!.id,
        nomorUrut: i + 1,
        namaKetua: `Ketua ${i + 1}`,
        namaWakil: `Wakil ${i + 1}`,
      })),
    )
    .returning();
  const nims = opts.nims ?? [];
  for (let i = 0; i < nims.length; i += 1000) {
    await db
      .insert(electionRoll)
      .values(nims.slice(i, i + 1000).map((nim) => ({ electionId: election!.id, nim })));
  }
  return { election: election!, candidates: cands };
}

/**
 * An election that closed a minute ago: `rollSize` voters on its roll (default: one per ballot),
 * the first of whom cast one ballot each for the candidate at the index given in `votes` while it
 * was open.
 */
export async function insertClosedElection(
  db: Db,
  opts: { votes: number[]; resultsRelease: 'on-close' | 'manual'; rollSize?: number },
) {
  const people = await insertVoters(db, opts.rollSize ?? opts.votes.length);
  const { election, candidates: cands } = await insertOpenElection(db, {
    nims: people.map((p) => p.nim),
  });
  await db
    .update(elections)
    .set({ resultsRelease: opts.resultsRelease })
    .where(eq(elections.id, election.id));
  for (const [i, c] of opts.votes.entries())
    await castBallot(db, { electionId: election.id, userId: people[i]!.id, choice: cands[c]!.id });
  const [closed] = await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
    .where(eq(elections.id, election.id))
    .returning();
  return { election: closed!, candidates: cands, people };
}
