import { z } from '@hono/zod-openapi';
import type {
  candidates,
  committeeMembers,
  electionRequests,
  elections,
} from '../db/schema/index.ts';
import { phaseOf } from './rules/lifecycle.ts';

export const electionRequestOut = z
  .object({
    id: z.string(),
    namaPemilihan: z.string(),
    penyelenggara: z.string(),
    deskripsi: z.string(),
    waktuMulai: z.string(),
    waktuSelesai: z.string(),
    namaPemohon: z.string(),
    emailPemohon: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    rejectionReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    electionId: z.string().nullable(),
    kodeUndangan: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('ElectionRequest');

export function presentRequest(
  r: typeof electionRequests.$inferSelect,
  kodeUndangan: string | null = null,
) {
  return {
    id: r.id,
    namaPemilihan: r.namaPemilihan,
    penyelenggara: r.penyelenggara,
    deskripsi: r.deskripsi,
    waktuMulai: r.waktuMulai.toISOString(),
    waktuSelesai: r.waktuSelesai.toISOString(),
    namaPemohon: r.namaPemohon,
    emailPemohon: r.emailPemohon,
    status: r.status,
    rejectionReason: r.rejectionReason,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    electionId: r.electionId,
    kodeUndangan,
    createdAt: r.createdAt.toISOString(),
  };
}

export const electionOut = z
  .object({
    id: z.string(),
    title: z.string(),
    organizer: z.string(),
    description: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.enum(['draft', 'ready', 'published', 'archived']),
    phase: z.enum(['draft', 'upcoming', 'open', 'closed', 'published', 'archived']),
  })
  .openapi('Election');

/** An election as anyone may see it (no roll, no counts). */
export function presentElection(e: typeof elections.$inferSelect, now = new Date()) {
  return {
    id: e.id,
    title: e.title,
    organizer: e.organizer,
    description: e.description,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    status: e.status,
    phase: phaseOf(e, now),
  };
}

export const committeeMemberOut = z.object({
  userId: z.string(),
  namaLengkap: z.string(),
  joinedAt: z.string(),
});

export const presentMember = (m: typeof committeeMembers.$inferSelect) => ({
  userId: m.userId,
  namaLengkap: m.namaLengkap,
  joinedAt: m.joinedAt.toISOString(),
});

/** A candidate pair as the ballot, the committee and the public candidate page show it. */
export const presentCandidate = (c: typeof candidates.$inferSelect) => ({
  id: c.id,
  nomorUrut: c.nomorUrut,
  namaKetua: c.namaKetua,
  namaWakil: c.namaWakil,
  visi: c.visi,
  misi: c.misi,
  foto: c.foto,
});
