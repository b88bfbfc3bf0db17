import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  ARTICLE_STATES,
  articlePreviewSchema,
  articlePublicationSchema,
  articleSaveSchema,
  slugField,
} from '../../../shared/schemas/articles.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: uuidSchema('ID berita tidak valid.') });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
};
const searchField = z
  .string()
  .max(100, { error: 'Kata kunci pencarian maksimal 100 karakter.' })
  .optional();
const pageField = z.coerce
  .number({ error: 'Nomor halaman tidak valid.' })
  .int({ error: 'Nomor halaman tidak valid.' })
  .min(1, { error: 'Nomor halaman tidak valid.' })
  .max(10_000, { error: 'Nomor halaman tidak valid.' })
  .default(1);

export const articleCardOut = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    coverUrl: z.string().nullable(),
    coverSmallUrl: z.string().nullable(),
    publishedAt: z.string().nullable(),
    authorName: z.string(),
  })
  .openapi('ArticleCard');

export const publicArticleOut = articleCardOut
  .extend({ body: z.string().openapi({ description: 'Server-sanitised HTML' }) })
  .openapi('Article');

export const adminArticleOut = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    body: z.string(),
    cover: z.string().nullable(),
    coverSmall: z.string().nullable(),
    coverUrl: z.string().nullable(),
    coverSmallUrl: z.string().nullable(),
    state: z.enum(ARTICLE_STATES),
    publishedAt: z.string().nullable(),
    authorName: z.string(),
    isExample: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AdminArticle');

export const listArticles = apiRoute(access.public, {
  method: 'get',
  path: '/articles',
  tags: ['Berita'],
  summary:
    'Published articles, newest first, with search, category and pages (public; ?limit=3 for the latest)',
  request: {
    query: z.object({
      q: searchField,
      category: z
        .enum(ARTICLE_CATEGORIES, { error: 'Pilih salah satu kategori yang tersedia.' })
        .optional(),
      page: pageField,
      limit: z.coerce
        .number({ error: 'Jumlah per halaman tidak valid.' })
        .int({ error: 'Jumlah per halaman tidak valid.' })
        .min(1, { error: 'Jumlah per halaman minimal 1.' })
        .max(50, { error: 'Jumlah per halaman maksimal 50.' })
        .default(ARTICLE_LIMITS.pageSize),
    }),
  },
  responses: {
    200: {
      description: 'Articles',
      content: json(
        z.object({
          items: z.array(articleCardOut),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
        }),
      ),
    },
    400: errorResponses[400],
  },
});

export const getArticle = apiRoute(access.public, {
  method: 'get',
  path: '/articles/{slug}',
  tags: ['Berita'],
  summary: 'One published article by its slug (public; drafts and scheduled ones are 404)',
  request: { params: z.object({ slug: slugField }) },
  responses: {
    200: { description: 'Article', content: json(publicArticleOut) },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const listAdminArticles = apiRoute(access.contentAdmin, {
  method: 'get',
  path: '/admin/articles',
  tags: ['Berita'],
  summary: 'Every article (drafts, scheduled, published) with search, state and pages (admin)',
  request: {
    query: z.object({
      q: searchField,
      state: z.enum(ARTICLE_STATES, { error: 'Status tidak dikenal.' }).optional(),
      page: pageField,
      pageSize: z.coerce.number().int().min(1).max(100).default(ARTICLE_LIMITS.adminPageSize),
    }),
  },
  responses: {
    200: {
      description: 'Articles',
      content: json(
        z.object({
          items: z.array(adminArticleOut.omit({ body: true })),
          total: z.number(),
          counts: z.object({ draft: z.number(), scheduled: z.number(), published: z.number() }),
        }),
      ),
    },
    ...refusals,
  },
});

export const getAdminArticle = apiRoute(access.contentAdmin, {
  method: 'get',
  path: '/admin/articles/{id}',
  tags: ['Berita'],
  summary: 'One article, whatever its state, for editing (admin)',
  request: { params: idParam },
  responses: { 200: { description: 'Article', content: json(adminArticleOut) }, ...refusals },
});

export const createArticle = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/admin/articles',
  tags: ['Berita'],
  summary:
    'Write an article (body sanitised, slug from the title) and save it as a draft, publish it or schedule it (admin)',
  request: { body: { required: true, content: json(articleSaveSchema) } },
  responses: { 201: { description: 'Created', content: json(adminArticleOut) }, ...refusals },
});

export const updateArticle = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/admin/articles/{id}',
  tags: ['Berita'],
  summary: 'Change an article (its slug stays) and keep, withdraw, publish or schedule it (admin)',
  request: { params: idParam, body: { required: true, content: json(articleSaveSchema) } },
  responses: { 200: { description: 'Saved', content: json(adminArticleOut) }, ...refusals },
});

export const setPublication = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/admin/articles/{id}/publication',
  tags: ['Berita'],
  summary: 'Publish now, schedule, or take off the site (back to draft) (admin)',
  request: {
    params: idParam,
    body: { required: true, content: json(articlePublicationSchema) },
  },
  responses: { 200: { description: 'Changed', content: json(adminArticleOut) }, ...refusals },
});

export const deleteArticle = apiRoute(access.contentAdmin, {
  method: 'delete',
  path: '/admin/articles/{id}',
  tags: ['Berita'],
  summary: 'Delete an article for good (admin)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...refusals },
});

export const previewArticle = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/admin/articles/preview',
  tags: ['Berita'],
  summary:
    'The article as the public page would show it (sanitised body), nothing stored; ?id= keeps an existing slug (admin)',
  request: {
    query: z.object({ id: uuidSchema('ID berita tidak valid.').optional() }),
    body: { required: true, content: json(articlePreviewSchema) },
  },
  responses: { 200: { description: 'Preview', content: json(publicArticleOut) }, ...refusals },
});
