import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { servicesKey } from './list-services.ts';

/** Moves a service one place up or down within its category (admin). */
export function useMoveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; direction: 'up' | 'down' }) => {
      await api.services[':id'].move.$post({
        param: { id: v.id },
        json: { direction: v.direction },
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}
