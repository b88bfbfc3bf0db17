import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { servicesKey } from './list-services.ts';

/** Removes a service (admin). */
export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.services[':id'].$delete({ param: { id } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}
