import { uuidSchema } from '../ids.ts';
import { fileHashField } from '../site.ts';
import { plainText, z } from '../validation.ts';

/** A period (cabinet) of the organisation, e.g. 2025/2026 "Kabinet Sinergi Atom". */
export const periodInputSchema = z.object({
  label: plainText('Periode', 4, 40),
  cabinetName: plainText('Nama kabinet', 3, 120),
  tagline: plainText('Tagline', 0, 300).default(''),
});
export type PeriodInput = z.input<typeof periodInputSchema>;

/** A division (departemen/biro) of a period. */
export const divisionInputSchema = z.object({
  name: plainText('Nama divisi', 2, 120),
  description: plainText('Deskripsi', 0, 500).default(''),
});
export type DivisionInput = z.input<typeof divisionInputSchema>;

/** A person of a period: a leader when divisionId is null, else a member of that division. */
export const memberInputSchema = z.object({
  name: plainText('Nama', 2, 100),
  position: plainText('Jabatan', 2, 80),
  divisionId: uuidSchema('Divisi tidak valid.').nullable().default(null),
  /** The small rendition of an uploaded image (POST /api/uploads/images). */
  photo: fileHashField('Foto').nullable().default(null),
});
export type MemberInput = z.input<typeof memberInputSchema>;

/** One step up or down in the order shown. */
export const moveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Arah harus "up" atau "down".' }),
});
export type MoveDirection = z.infer<typeof moveSchema>['direction'];
