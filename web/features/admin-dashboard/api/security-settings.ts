import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '../../../../shared/site.ts';
import { api, json } from '../../../lib/api-client.ts';

/** The master's setting: what every admin must have. */
const settingsKey = ['site', 'security'] as const;
export const useSecuritySettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => json(api.site.security.$get()) });
export const useSaveSecuritySettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: SecuritySettings) => json(api.site.security.$put({ json: v })),
    onSuccess: (saved) => {
      qc.setQueryData(settingsKey, saved);
      void qc.invalidateQueries({ queryKey: ['self', 'me'] });
    },
  });
};
