import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentsKey } from './list-documents.ts';

/** Removes a document (admin). */
export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.documents[':id'].$delete({ param: { id } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: documentsKey }),
  });
}
