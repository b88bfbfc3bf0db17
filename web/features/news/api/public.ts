import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleCategory } from '../../../../shared/articles.ts';
import { api, json } from '../../../lib/api-client.ts';

export type NewsFilter = { q: string; category: ArticleCategory | ''; page: number };

const getArticles = (f: NewsFilter & { limit: number }) =>
  json(
    api.articles.$get({
      query: {
        q: f.q.trim() || undefined,
        category: f.category || undefined,
        page: String(f.page),
        limit: String(f.limit),
      },
    }),
  );
export type ArticleCard = Awaited<ReturnType<typeof getArticles>>['items'][number];

/** Published articles for /berita, filtered and paged. */
export const useArticles = (f: NewsFilter, limit: number) =>
  useQuery({
    queryKey: ['articles', 'public', { ...f, limit }],
    queryFn: () => getArticles({ ...f, limit }),
    placeholderData: keepPreviousData,
  });

/** The newest published articles (the home page's "Berita Terbaru"). */
export const useLatestArticles = (limit: number) =>
  useQuery({
    queryKey: ['articles', 'public', 'latest', limit],
    queryFn: () => getArticles({ q: '', category: '', page: 1, limit }),
  });
