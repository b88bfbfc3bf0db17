import { ADMIN_ROLES } from '../people.ts';
import { z } from '../validation.ts';
import { emailField, namaLengkapField } from './account.ts';

export const adminRoleField = z.enum(ADMIN_ROLES, { error: 'Pilih peran: Master atau Admin.' });

/** Kelola Admin: add an admin by email (a new person gets an invitation to set a password). */
export const addAdminSchema = z.object({
  email: emailField,
  namaLengkap: namaLengkapField,
  role: adminRoleField,
});
export type AddAdminInput = z.input<typeof addAdminSchema>;

/** Kelola Admin: change an admin's role. */
export const changeAdminRoleSchema = z.object({ role: adminRoleField });

/** The roles an activity entry names its actor in. */
export const ACTIVITY_ROLES = [
  'master',
  'admin',
  'panitia',
  'pemilih',
  'sistem',
  'publik',
] as const;
export type ActivityRole = (typeof ACTIVITY_ROLES)[number];

/** A calendar day (WIB) as a date input gives it: 2026-05-01. */
const dayField = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} harus berupa tanggal (TTTT-BB-HH).` })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), {
      error: `${label} bukan tanggal yang valid.`,
    });

/** The filters of Histori Aktivitas, shared by the list and its CSV export. */
export const activityFilterFields = z.object({
  role: z.enum(ACTIVITY_ROLES, { error: 'Peran tidak dikenal.' }).optional(),
  entityType: z
    .string()
    .max(60, { error: 'Jenis item terlalu panjang.' })
    .regex(/^[a-z0-9-]+$/, { error: 'Jenis item tidak valid.' })
    .optional(),
  action: z
    .string()
    .max(80, { error: 'Aksi terlalu panjang.' })
    .regex(/^[a-z0-9.-]+$/, { error: 'Aksi tidak valid.' })
    .optional(),
  from: dayField('Tanggal awal').optional(),
  to: dayField('Tanggal akhir').optional(),
  q: z.string().trim().max(100, { error: 'Kata pencarian maksimal 100 karakter.' }).optional(),
});
export type ActivityFilter = z.output<typeof activityFilterFields>;

/** The date range must run forwards. */
export const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
export const datesInOrderError = {
  path: ['to'],
  error: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
};

export const activityFilterSchema = activityFilterFields.refine(datesInOrder, datesInOrderError);

export const ACTIVITY_PAGE_SIZE = 25;
