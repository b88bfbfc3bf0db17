// The document constants the web app needs without the validation library (its public pages load
// them; the schemas in schemas/documents.ts build on them and re-export them).

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
