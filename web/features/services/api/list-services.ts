import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import type { ServiceCategory } from '../../../../shared/services.ts';

export type ServiceFilter = {
  q: string;
  category: ServiceCategory | '';
  page: number;
  limit: number;
};

/** Every query of this feature starts with this key; mutations invalidate it. */
export const servicesKey = ['services'] as const;

const getServices = (f: ServiceFilter) =>
  json(
    api.services.$get({
      query: {
        q: f.q.trim() || undefined,
        category: f.category || undefined,
        page: String(f.page),
        limit: String(f.limit),
      },
    }),
  );
export type ServiceItem = Awaited<ReturnType<typeof getServices>>['items'][number];

/** Services by category, filtered and paged (public). */
export const useServices = (f: ServiceFilter) =>
  useQuery({
    queryKey: [...servicesKey, f],
    queryFn: () => getServices(f),
    placeholderData: keepPreviousData,
  });
