import { and, eq } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/client.ts';
import { candidates } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { normalizeProfilePhoto } from '../../images/profile-photo.ts';
import type { Actor } from '../../auth/actor.ts';
import { draftForUpdate } from './guard.ts';

export type CandidateInput = {
  nomorUrut: number;
  namaKetua: string;
  namaWakil: string;
  visi: string;
  misi: string;
  foto: string;
};

const numberTaken = () =>
  new ApiError(409, 'NUMBER_TAKEN', 'Nomor urut sudah dipakai kandidat lain.', {
    nomorUrut: 'Nomor urut sudah dipakai kandidat lain.',
  });

const label = (c: { nomorUrut: number; namaKetua: string; namaWakil: string }) =>
  `No. ${c.nomorUrut} ${c.namaKetua}${c.namaWakil ? ` & ${c.namaWakil}` : ''}`;

/** Adds a candidate (or pair) to a draft election. */
export async function addCandidate(
  db: Db,
  actor: Actor,
  electionId: string,
  input: CandidateInput,
) {
  const foto = await normalizeProfilePhoto(input.foto);
  try {
    return await db.transaction(async (tx) => {
      await draftForUpdate(tx, electionId);
      const [row] = await tx
        .insert(candidates)
        .values({ ...input, foto, electionId })
        .returning();
      await appendAudit(tx, {
        ...auditActor(actor, 'panitia'),
        action: 'candidate.added',
        entityType: 'candidate',
        entityId: row!.id,
        electionId,
        summary: `Menambah kandidat ${label(row!)}`,
      });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'candidates_election_nomor_unique')) throw numberTaken();
    throw err;
  }
}

/** Changes a candidate of a draft election. */
export async function updateCandidate(
  db: Db,
  actor: Actor,
  electionId: string,
  candidateId: string,
  input: CandidateInput,
) {
  const foto = await normalizeProfilePhoto(input.foto);
  try {
    return await db.transaction(async (tx) => {
      await draftForUpdate(tx, electionId);
      const [row] = await tx
        .update(candidates)
        .set({ ...input, foto })
        .where(and(eq(candidates.id, candidateId), eq(candidates.electionId, electionId)))
        .returning();
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'Kandidat tidak ditemukan.');
      await appendAudit(tx, {
        ...auditActor(actor, 'panitia'),
        action: 'candidate.updated',
        entityType: 'candidate',
        entityId: row.id,
        electionId,
        summary: `Mengubah kandidat ${label(row)}`,
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'candidates_election_nomor_unique')) throw numberTaken();
    throw err;
  }
}

/** Removes a candidate from a draft election. */
export async function removeCandidate(
  db: Db,
  actor: Actor,
  electionId: string,
  candidateId: string,
) {
  await db.transaction(async (tx) => {
    await draftForUpdate(tx, electionId);
    const [row] = await tx
      .delete(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.electionId, electionId)))
      .returning();
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'Kandidat tidak ditemukan.');
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'candidate.removed',
      entityType: 'candidate',
      entityId: row.id,
      electionId,
      summary: `Menghapus kandidat ${label(row)}`,
    });
  });
}
