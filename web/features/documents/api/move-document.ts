import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentsKey } from './list-documents.ts';

/** Moves a document one place up or down within its category (admin). */
export function useMoveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; direction: 'up' | 'down' }) => {
      await api.documents[':id'].move.$post({
        param: { id: v.id },
        json: { direction: v.direction },
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: documentsKey }),
  });
}
