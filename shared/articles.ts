// The article constants the web app needs without the validation library (its public pages load
// them; the schemas in schemas/articles.ts build on them and re-export them).

/** The categories an article is filed under (Kategori). */
export const ARTICLE_CATEGORIES = [
  'Berita',
  'Kegiatan',
  'Pengumuman',
  'Prestasi',
  'Opini',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** What an admin sees of an article's publication: saved only, waiting for its time, or public. */
export const ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const ARTICLE_LIMITS = {
  titleMin: 5,
  titleMax: 150,
  summaryMax: 300,
  /** Characters of HTML as sent by the editor (before sanitising). */
  bodyMax: 100_000,
  /** Articles per page on /berita. */
  pageSize: 9,
  /** Articles per page in the admin list. */
  adminPageSize: 20,
} as const;
