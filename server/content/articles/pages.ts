import type { Hono } from 'hono';
import { SLUG_PATTERN } from '../../../shared/schemas/articles.ts';
import { fileUrl, summaryOf } from './present.ts';
import { findPublicArticle, publicArticleSlugs } from './queries.ts';
import type { AppEnv } from '../../http/context.ts';
import type { PageMetaResolver } from '../../http/static.ts';
import { escapeHtml } from '../../mail/escape-html.ts';

/** Public pages of the site, for the sitemap (articles are added one by one). */
const PUBLIC_PAGES = [
  '/',
  '/berita',
  '/struktur',
  '/layanan',
  '/dokumen',
  '/tentang',
  '/pemilihan',
] as const;

/** Paths crawlers should stay out of: sign-in areas and the API. */
const DISALLOWED = ['/admin', '/admin-master', '/panitia', '/api'] as const;

const NEWS_DESCRIPTION =
  'Berita, kegiatan, pengumuman dan prestasi dari Badan Eksekutif Mahasiswa Politeknik Teknologi Nuklir Indonesia.';

/**
 * Link previews of the news pages: /berita, and /berita/{slug} for a published article (its
 * title, summary and cover). A slug that is unknown, a draft or scheduled is a 404 with no meta.
 */
export const articlePageMeta: PageMetaResolver = async (c, path) => {
  const publicUrl = c.get('services').env.publicUrl;
  if (path === '/berita' || path === '/berita/')
    return { title: 'Berita', description: NEWS_DESCRIPTION, url: `${publicUrl}/berita` };
  const match = /^\/berita\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return { notFound: true };
  }
  if (slug.length > 120 || !SLUG_PATTERN.test(slug)) return { notFound: true };
  const article = await findPublicArticle(c.get('services').database.db, slug);
  if (!article) return { notFound: true };
  return {
    title: article.title,
    description: summaryOf(article) || NEWS_DESCRIPTION,
    url: `${publicUrl}/berita/${article.slug}`,
    image: article.cover ? `${publicUrl}${fileUrl(article.cover)}` : null,
    type: 'article',
    publishedTime: article.publishedAt?.toISOString() ?? null,
  };
};

/** GET /robots.txt and GET /sitemap.xml (the public pages and every published article). */
export function mountSeoFiles(app: Hono<AppEnv>) {
  app.get('/robots.txt', (c) => {
    const publicUrl = c.get('services').env.publicUrl;
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (c) => {
    const { env, database } = c.get('services');
    const articles = await publicArticleSlugs(database.db);
    const url = (loc: string, lastmod?: Date) =>
      `  <url><loc>${escapeHtml(env.publicUrl + loc)}</loc>${
        lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
      }</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((p) => url(p)),
      ...articles.map((a) => url(`/berita/${a.slug}`, a.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(xml);
  });
}
