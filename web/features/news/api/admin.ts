import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleSaveInput, ArticleState } from '../../../../shared/schemas/articles.ts';
import { api, json } from '../../../lib/api-client.ts';
import { request } from '../../../lib/api-error.ts';

export type AdminFilter = { q: string; state: ArticleState | ''; page: number };

const getAdminArticles = (f: AdminFilter) =>
  json(
    api.admin.articles.$get({
      query: {
        q: f.q.trim() || undefined,
        state: f.state || undefined,
        page: String(f.page),
      },
    }),
  );
export type AdminArticleRow = Awaited<ReturnType<typeof getAdminArticles>>['items'][number];

/** Every article, with search, state and pages (admin). */
export const useAdminArticles = (f: AdminFilter) =>
  useQuery({
    queryKey: ['articles', 'admin', 'list', f],
    queryFn: () => getAdminArticles(f),
    placeholderData: keepPreviousData,
  });

const getAdminArticle = (id: string) => json(api.admin.articles[':id'].$get({ param: { id } }));
export type AdminArticle = Awaited<ReturnType<typeof getAdminArticle>>;

/** One article to edit (admin). */
export const useAdminArticle = (id: string | null) =>
  useQuery({
    queryKey: ['articles', 'admin', 'one', id],
    queryFn: () => getAdminArticle(id!),
    enabled: id !== null,
  });

/** Every change invalidates every article query: lists, pages and the home page's latest news. */
function useArticleMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['articles'] }),
  });
}

/** Saves a new article (draft, publish now or schedule). */
export const useCreateArticle = () =>
  useArticleMutation((input: ArticleSaveInput) => json(api.admin.articles.$post({ json: input })));

/** Saves changes to an article (its slug stays) and its publication. */
export const useUpdateArticle = () =>
  useArticleMutation((v: { id: string; input: ArticleSaveInput }) =>
    json(api.admin.articles[':id'].$put({ param: { id: v.id }, json: v.input })),
  );

/** Publish now, schedule, or take off the site. */
export const useSetPublication = () =>
  useArticleMutation(
    (v: { id: string; action: 'draft' | 'publish' | 'schedule'; publishAt?: string }) =>
      json(
        api.admin.articles[':id'].publication.$post({
          param: { id: v.id },
          json: { action: v.action, publishAt: v.publishAt },
        }),
      ),
  );

/** Deletes an article for good. */
export const useDeleteArticle = () =>
  useArticleMutation(async (id: string) => {
    await request(`/api/admin/articles/${encodeURIComponent(id)}`, { method: 'DELETE' });
  });

/** The article as the public page would show it (sanitised by the server), nothing stored. */
export const usePreviewArticle = () =>
  useMutation({
    mutationFn: (v: { id: string | null; input: Omit<ArticleSaveInput, 'action' | 'publishAt'> }) =>
      json(
        api.admin.articles.preview.$post({
          query: v.id ? { id: v.id } : {},
          json: v.input,
        }),
      ),
  });

export type StoredImage = { hash: string; url: string; width: number | null };

/** Uploads a cover image; the server re-encodes it into a large and a small JPEG. */
export const useUploadCover = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set('file', file);
      const res = await request('/api/uploads/images', { method: 'POST', body: form });
      return (await res.json()) as { large: StoredImage; small: StoredImage };
    },
  });
