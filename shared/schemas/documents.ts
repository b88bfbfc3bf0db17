import { z } from '../validation.ts';

/** The categories of the Bank Dokumen, in the order the page shows them. */
export const DOCUMENT_CATEGORIES = [
  'AD/ART',
  'Laporan Pertanggungjawaban',
  'Program Kerja',
  'Surat Keputusan',
  'Notulensi',
  'Formulir',
  'Lainnya',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * The document types the server stores (recognised from the bytes by POST /api/uploads/documents):
 * content type → the extension a download gets and the group the type filter offers.
 */
export const DOCUMENT_FILE_TYPES = {
  'application/pdf': { extension: 'pdf', group: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extension: 'docx',
    group: 'teks',
  },
  'application/msword': { extension: 'doc', group: 'teks' },
  'application/vnd.oasis.opendocument.text': { extension: 'odt', group: 'teks' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extension: 'xlsx',
    group: 'lembar-kerja',
  },
  'application/vnd.oasis.opendocument.spreadsheet': { extension: 'ods', group: 'lembar-kerja' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    extension: 'pptx',
    group: 'presentasi',
  },
  'application/vnd.oasis.opendocument.presentation': { extension: 'odp', group: 'presentasi' },
  'image/jpeg': { extension: 'jpg', group: 'gambar' },
  'image/png': { extension: 'png', group: 'gambar' },
  'image/webp': { extension: 'webp', group: 'gambar' },
} as const satisfies Record<string, { extension: string; group: string }>;

/** The file-type filter of /dokumen: value → label. */
export const DOCUMENT_TYPE_GROUPS = {
  pdf: 'PDF',
  teks: 'Dokumen teks (Word, ODT)',
  'lembar-kerja': 'Lembar kerja (Excel, ODS)',
  presentasi: 'Presentasi (PowerPoint, ODP)',
  gambar: 'Gambar (JPG, PNG, WebP)',
} as const;
export type DocumentTypeGroup = keyof typeof DOCUMENT_TYPE_GROUPS;
export const DOCUMENT_TYPE_GROUP_VALUES = Object.keys(DOCUMENT_TYPE_GROUPS) as [
  DocumentTypeGroup,
  ...DocumentTypeGroup[],
];

/** The content types of one filter group. */
export const contentTypesOf = (group: DocumentTypeGroup): string[] =>
  Object.entries(DOCUMENT_FILE_TYPES)
    .filter(([, t]) => t.group === group)
    .map(([type]) => type);

/** The extension a file of this content type is downloaded with ("bin" for anything unknown). */
export const extensionOf = (contentType: string): string =>
  (DOCUMENT_FILE_TYPES as Record<string, { extension: string }>)[contentType]?.extension ?? 'bin';

export const DOCUMENT_LIMITS = {
  titleMin: 3,
  titleMax: 150,
  descriptionMax: 1000,
  fileNameMax: 200,
  /** Documents per page on /dokumen and in the admin list. */
  pageSize: 12,
  /** At most this many in the home page's latest documents. */
  latestMax: 12,
} as const;

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
