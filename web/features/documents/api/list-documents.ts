import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DOCUMENT_LIMITS, type DocumentTypeGroup } from '../../../../shared/documents.ts';
import { api, json } from '../../../lib/api-client.ts';
import type { DocumentCategory } from '../../../../shared/documents.ts';

export type DocumentFilter = {
  q: string;
  category: DocumentCategory | '';
  type: DocumentTypeGroup | '';
  page: number;
};

/** Every query of this feature starts with this key; mutations invalidate it. */
export const documentsKey = ['documents'] as const;

const getDocuments = (f: DocumentFilter) =>
  json(
    api.documents.$get({
      query: {
        q: f.q.trim() || undefined,
        category: f.category || undefined,
        type: f.type || undefined,
        page: String(f.page),
        pageSize: String(DOCUMENT_LIMITS.pageSize),
      },
    }),
  );
export type DocumentItem = Awaited<ReturnType<typeof getDocuments>>['items'][number];

/** The Bank Dokumen, filtered and paged (public). */
export const useDocuments = (f: DocumentFilter) =>
  useQuery({
    queryKey: [...documentsKey, 'list', f],
    queryFn: () => getDocuments(f),
    placeholderData: keepPreviousData,
  });
