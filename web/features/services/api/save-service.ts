import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceInput } from '../../../../shared/schemas/services.ts';
import { api, json } from '../../../lib/api-client.ts';
import { servicesKey } from './list-services.ts';

/** Adds a service (no id) or changes one (admin). */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ServiceInput }) =>
      id
        ? json(api.services[':id'].$put({ param: { id }, json: input }))
        : json(api.services.$post({ json: input })),
    onSuccess: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}
