import { SERVICE_CATEGORIES, SERVICE_LIMITS, isAllowedServiceLink } from '../services.ts';
import { z } from '../validation.ts';

export {
  SERVICE_CATEGORIES,
  SERVICE_LIMITS,
  SERVICE_LINK_SCHEMES,
  isAllowedServiceLink,
  serviceLinkKind,
  type ServiceCategory,
} from '../services.ts';

const LINK_MESSAGE =
  'Tautan harus berupa alamat http:// atau https://, mailto:, tel: atau whatsapp:// yang valid.';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} harus berupa teks.` })
    .trim()
    .max(max, { error: `${label} maksimal ${max} karakter.` })
    .regex(/^[^<>]*$/, { error: `${label} tidak boleh berisi < atau >.` });

/** A service an admin adds or edits (Kelola Layanan). */
export const serviceInputSchema = z.object({
  title: z
    .string({ error: 'Nama layanan wajib diisi.' })
    .trim()
    .min(1, { error: 'Nama layanan wajib diisi.' })
    .min(SERVICE_LIMITS.titleMin, {
      error: `Nama layanan minimal ${SERVICE_LIMITS.titleMin} karakter.`,
    })
    .max(SERVICE_LIMITS.titleMax, {
      error: `Nama layanan maksimal ${SERVICE_LIMITS.titleMax} karakter.`,
    })
    .regex(/^[^<>]*$/, { error: 'Nama layanan tidak boleh berisi < atau >.' }),
  description: text('Deskripsi', SERVICE_LIMITS.descriptionMax).default(''),
  category: z.enum(SERVICE_CATEGORIES, { error: 'Pilih salah satu kategori yang tersedia.' }),
  link: z
    .string({ error: 'Tautan harus berupa teks.' })
    .trim()
    .max(SERVICE_LIMITS.linkMax, { error: `Tautan maksimal ${SERVICE_LIMITS.linkMax} karakter.` })
    .refine((v) => v === '' || isAllowedServiceLink(v), { error: LINK_MESSAGE })
    .default(''),
  contact: text('Kontak', SERVICE_LIMITS.contactMax).default(''),
  hours: text('Jam layanan', SERVICE_LIMITS.hoursMax).default(''),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** The query of the public and admin service list; `limit` is the page size. */
export const serviceListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: 'Kata kunci pencarian maksimal 100 karakter.' })
    .optional(),
  category: z.enum(SERVICE_CATEGORIES, { error: 'Kategori tidak dikenal.' }).optional(),
  page: z.coerce
    .number({ error: 'Halaman tidak valid.' })
    .int({ error: 'Halaman tidak valid.' })
    .min(1, { error: 'Halaman tidak valid.' })
    .max(10_000, { error: 'Halaman tidak valid.' })
    .default(1),
  limit: z.coerce
    .number({ error: 'Batas tidak valid.' })
    .int({ error: 'Batas tidak valid.' })
    .min(1, { error: 'Batas minimal 1.' })
    .max(100, { error: 'Batas maksimal 100.' })
    .default(SERVICE_LIMITS.publicPageSize),
});
