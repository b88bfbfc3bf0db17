import { useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

const getArticle = (slug: string) => json(api.articles[':slug'].$get({ param: { slug } }));
export type PublicArticle = Awaited<ReturnType<typeof getArticle>>;

/** One published article by its slug (a 404 for anything else). */
export const useArticle = (slug: string) =>
  useQuery({
    queryKey: ['articles', 'public', 'one', slug],
    queryFn: () => getArticle(slug),
    retry: (count, err) =>
      ![400, 404].includes((err as { status?: number }).status ?? 0) && count < 2,
  });
