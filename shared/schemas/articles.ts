import { ARTICLE_CATEGORIES, ARTICLE_LIMITS } from '../articles.ts';
import { z } from '../validation.ts';
import { instantField } from './elections.ts';

export {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  ARTICLE_STATES,
  type ArticleCategory,
  type ArticleState,
} from '../articles.ts';

const fileHash = z
  .string({ error: 'Gambar sampul tidak valid.' })
  .regex(/^[0-9a-f]{64}$/, { error: 'Gambar sampul tidak valid.' });

/** The fields of an article an admin writes. */
export const articleFieldsSchema = z.object({
  title: z
    .string({ error: 'Judul wajib diisi.' })
    .trim()
    .min(1, { error: 'Judul wajib diisi.' })
    .min(ARTICLE_LIMITS.titleMin, { error: `Judul minimal ${ARTICLE_LIMITS.titleMin} karakter.` })
    .max(ARTICLE_LIMITS.titleMax, {
      error: `Judul maksimal ${ARTICLE_LIMITS.titleMax} karakter.`,
    }),
  summary: z
    .string({ error: 'Ringkasan harus berupa teks.' })
    .trim()
    .max(ARTICLE_LIMITS.summaryMax, {
      error: `Ringkasan maksimal ${ARTICLE_LIMITS.summaryMax} karakter.`,
    })
    .default(''),
  category: z.enum(ARTICLE_CATEGORIES, { error: 'Pilih salah satu kategori yang tersedia.' }),
  body: z
    .string({ error: 'Isi berita harus berupa teks.' })
    .max(ARTICLE_LIMITS.bodyMax, { error: 'Isi berita terlalu panjang.' })
    .default(''),
  /** The large and small renditions from POST /api/uploads/images (both or neither). */
  cover: fileHash.nullable().default(null),
  coverSmall: fileHash.nullable().default(null),
});

/**
 * What happens to the article's publication with the save: `keep` leaves it as it is (editing a
 * published article), `draft` takes it off the site, `publish` shows it now, `schedule` shows it
 * by itself at `publishAt` (WIB in the forms; any offset accepted).
 */
export const PUBLICATION_ACTIONS = ['keep', 'draft', 'publish', 'schedule'] as const;
export type PublicationAction = (typeof PUBLICATION_ACTIONS)[number];

const publicationShape = {
  action: z.enum(PUBLICATION_ACTIONS, { error: 'Tindakan penerbitan tidak dikenal.' }),
  publishAt: instantField('Waktu terbit').optional(),
};

type Publication = { action: PublicationAction; publishAt?: Date | undefined };

function checkPublication(v: Publication, ctx: z.RefinementCtx) {
  if (v.action !== 'schedule') return;
  if (!(v.publishAt instanceof Date)) {
    ctx.addIssue({
      code: 'custom',
      path: ['publishAt'],
      message: 'Waktu terbit wajib diisi untuk penjadwalan.',
    });
  } else if (v.publishAt.getTime() <= Date.now()) {
    ctx.addIssue({
      code: 'custom',
      path: ['publishAt'],
      message: 'Waktu terbit harus di masa depan.',
    });
  }
}

function checkCover(v: { cover: string | null; coverSmall: string | null }, ctx: z.RefinementCtx) {
  if ((v.cover === null) !== (v.coverSmall === null))
    ctx.addIssue({
      code: 'custom',
      path: ['cover'],
      message: 'Gambar sampul harus berisi ukuran besar dan kecil.',
    });
}

/** Saving an article (new or existing) together with what happens to its publication. */
export const articleSaveSchema = articleFieldsSchema
  .extend(publicationShape)
  .superRefine((v, ctx) => {
    checkCover(v, ctx);
    checkPublication(v, ctx);
  });
export type ArticleSaveInput = z.input<typeof articleSaveSchema>;

/** Changing only the publication (from the list): publish now, schedule or take off the site. */
export const articlePublicationSchema = z
  .object({
    action: z.enum(['draft', 'publish', 'schedule'], {
      error: 'Tindakan penerbitan tidak dikenal.',
    }),
    publishAt: publicationShape.publishAt,
  })
  .superRefine(checkPublication);

/** The article as it would appear, for the preview (nothing is stored). */
export const articlePreviewSchema = articleFieldsSchema.superRefine(checkCover);

/** Slugs as they appear in /berita/{slug}. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugField = z
  .string()
  .max(120, { error: 'Alamat berita tidak valid.' })
  .regex(SLUG_PATTERN, { error: 'Alamat berita tidak valid.' });
