import { DOCUMENT_CATEGORIES, DOCUMENT_LIMITS, DOCUMENT_TYPE_GROUP_VALUES } from '../documents.ts';
import { z } from '../validation.ts';

export {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_LIMITS,
  DOCUMENT_TYPE_GROUP_VALUES,
  DOCUMENT_TYPE_GROUPS,
  contentTypesOf,
  extensionOf,
  type DocumentCategory,
  type DocumentTypeGroup,
} from '../documents.ts';

/** The SHA-256 a file is stored under, as POST /api/uploads/documents answered it. */
export const fileHashField = z
  .string({ error: 'Unggah berkas dokumen terlebih dahulu.' })
  .regex(/^[0-9a-f]{64}$/, { error: 'Unggah berkas dokumen terlebih dahulu.' });

const plainText = (label: string, max: number) =>
  z
    .string({ error: `${label} harus berupa teks.` })
    .trim()
    .max(max, { error: `${label} maksimal ${max} karakter.` })
    .regex(/^[^<>]*$/, { error: `${label} tidak boleh berisi < atau >.` });

/** A document an admin adds or edits (Kelola Dokumen). */
export const documentInputSchema = z.object({
  title: z
    .string({ error: 'Judul wajib diisi.' })
    .trim()
    .min(1, { error: 'Judul wajib diisi.' })
    .min(DOCUMENT_LIMITS.titleMin, {
      error: `Judul minimal ${DOCUMENT_LIMITS.titleMin} karakter.`,
    })
    .max(DOCUMENT_LIMITS.titleMax, {
      error: `Judul maksimal ${DOCUMENT_LIMITS.titleMax} karakter.`,
    })
    .regex(/^[^<>]*$/, { error: 'Judul tidak boleh berisi < atau >.' }),
  description: plainText('Deskripsi', DOCUMENT_LIMITS.descriptionMax).default(''),
  category: z.enum(DOCUMENT_CATEGORIES, { error: 'Pilih salah satu kategori yang tersedia.' }),
  file: fileHashField,
  /**
   * The name the download gets; any text (the server keeps only letters, digits, spaces, dots,
   * dashes and underscores, and puts the extension the content has). Empty: the title.
   */
  fileName: z
    .string({ error: 'Nama berkas harus berupa teks.' })
    .max(DOCUMENT_LIMITS.fileNameMax, {
      error: `Nama berkas maksimal ${DOCUMENT_LIMITS.fileNameMax} karakter.`,
    })
    .default(''),
});
export type DocumentInput = z.input<typeof documentInputSchema>;

/** Moving an item one place within its category. */
export const moveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Arah harus "up" atau "down".' }),
});

/** The query of the public and admin document list. */
export const documentListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: 'Kata kunci pencarian maksimal 100 karakter.' })
    .optional(),
  category: z.enum(DOCUMENT_CATEGORIES, { error: 'Kategori tidak dikenal.' }).optional(),
  type: z.enum(DOCUMENT_TYPE_GROUP_VALUES, { error: 'Jenis berkas tidak dikenal.' }).optional(),
  page: z.coerce
    .number({ error: 'Halaman tidak valid.' })
    .int({ error: 'Halaman tidak valid.' })
    .min(1, { error: 'Halaman tidak valid.' })
    .max(10_000, { error: 'Halaman tidak valid.' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Ukuran halaman tidak valid.' })
    .int({ error: 'Ukuran halaman tidak valid.' })
    .min(1, { error: 'Ukuran halaman minimal 1.' })
    .max(50, { error: 'Ukuran halaman maksimal 50.' })
    .default(DOCUMENT_LIMITS.pageSize),
});

/** The query of the home page's latest documents. */
export const latestQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Batas tidak valid.' })
    .int({ error: 'Batas tidak valid.' })
    .min(1, { error: 'Batas minimal 1.' })
    .max(DOCUMENT_LIMITS.latestMax, { error: `Batas maksimal ${DOCUMENT_LIMITS.latestMax}.` })
    .default(5),
});
