import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentInput } from '../../../../shared/schemas/documents.ts';
import { api, json } from '../../../lib/api-client.ts';
import { documentsKey } from './list-documents.ts';

/** Adds a document (no id) or changes one (admin). */
export function useSaveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DocumentInput }) =>
      id
        ? json(api.documents[':id'].$put({ param: { id }, json: input }))
        : json(api.documents.$post({ json: input })),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentsKey }),
  });
}
