import { z } from '@hono/zod-openapi';
import type { Division, Member, Period, PeriodDetail } from './queries.ts';

export const periodOut = z
  .object({
    id: z.string(),
    label: z.string(),
    cabinetName: z.string(),
    tagline: z.string(),
    isCurrent: z.boolean(),
  })
  .openapi('OrgPeriod');

export const memberOut = z
  .object({
    id: z.string(),
    name: z.string(),
    position: z.string(),
    divisionId: z.string().nullable(),
    /** The hash of the photo's small rendition, and where it is served. */
    photo: z.string().nullable(),
    photoUrl: z.string().nullable(),
  })
  .openapi('OrgMember');

export const divisionOut = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
  })
  .openapi('OrgDivision');

export const periodDetailOut = z
  .object({
    period: periodOut,
    leaders: z.array(memberOut),
    divisions: z.array(divisionOut.extend({ members: z.array(memberOut) })),
  })
  .openapi('OrgPeriodDetail');

export const presentPeriod = (p: Period) => ({
  id: p.id,
  label: p.label,
  cabinetName: p.cabinetName,
  tagline: p.tagline,
  isCurrent: p.isCurrent,
});

export const presentMember = (m: Member) => ({
  id: m.id,
  name: m.name,
  position: m.position,
  divisionId: m.divisionId,
  photo: m.photo,
  photoUrl: m.photo ? `/files/${m.photo}` : null,
});

export const presentDivision = (d: Division) => ({
  id: d.id,
  name: d.name,
  description: d.description,
});

export const presentPeriodDetail = (d: PeriodDetail) => ({
  period: presentPeriod(d.period),
  leaders: d.leaders.map(presentMember),
  divisions: d.divisions.map((div) => ({
    ...presentDivision(div),
    members: div.members.map(presentMember),
  })),
});
