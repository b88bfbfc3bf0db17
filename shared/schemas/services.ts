import { z } from '../validation.ts';

/** The categories of the services (Layanan), in the order the page shows them. */
export const SERVICE_CATEGORIES = [
  'Advokasi & Kesejahteraan',
  'Akademik & Beasiswa',
  'Fasilitas & Peminjaman',
  'Aspirasi',
  'Konseling',
  'Lainnya',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 1000,
  linkMax: 500,
  contactMax: 200,
  hoursMax: 200,
  /** Services per page in the admin list. */
  adminPageSize: 20,
  /** Services per page on /layanan (all of them in practice). */
  publicPageSize: 100,
} as const;

/** Link schemes a service may point at: web pages, email, phone and WhatsApp. */
export const SERVICE_LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:', 'whatsapp:'] as const;

const LINK_MESSAGE =
  'Tautan harus berupa alamat http:// atau https://, mailto:, tel: atau whatsapp:// yang valid.';

/** True when `link` is a link the server accepts (see SERVICE_LINK_SCHEMES). */
export function isAllowedServiceLink(link: string): boolean {
  // Visible ASCII only (non-ASCII is sent percent-encoded): no spaces, control characters, quotes
  // or angle brackets anywhere.
  if (!/^[!-~]+$/.test(link) || /["'<>`\\]/.test(link)) return false;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  const scheme = url.protocol.toLowerCase();
  if (!(SERVICE_LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  if (scheme === 'http:' || scheme === 'https:')
    return /^[a-z0-9.-]+$/i.test(url.hostname) && url.hostname.includes('.');
  if (scheme === 'mailto:') return /^mailto:[^@?]+@[^@?]+\.[^@?]+(\?.*)?$/i.test(link);
  if (scheme === 'tel:') return /^tel:\+?[0-9][0-9-]{2,19}$/i.test(link);
  return /^whatsapp:\/\/send\?/i.test(link);
}

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

/** How a service's link is offered: its kind decides the button's words. */
export function serviceLinkKind(link: string): 'web' | 'email' | 'phone' | 'whatsapp' | null {
  if (!link) return null;
  const lower = link.toLowerCase();
  if (lower.startsWith('mailto:')) return 'email';
  if (lower.startsWith('tel:')) return 'phone';
  if (
    lower.startsWith('whatsapp:') ||
    /^https:\/\/(wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\//.test(lower)
  )
    return 'whatsapp';
  return 'web';
}
