import { useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import { documentsKey } from './list-documents.ts';

/** The newest documents, for the home page (public). */
export const useLatestDocuments = (limit: number) =>
  useQuery({
    queryKey: [...documentsKey, 'latest', limit],
    queryFn: () => json(api.documents.latest.$get({ query: { limit: String(limit) } })),
  });
