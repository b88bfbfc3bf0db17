import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AboutSettingsInput } from '../../../../shared/site.ts';
import { api, json } from '../../../lib/api-client.ts';

const key = ['site', 'about'] as const;

/** The Tentang page's content (defaults until an admin edits it). */
export const getAbout = () => json(api.site.about.$get());
export type About = Awaited<ReturnType<typeof getAbout>>;
export const useAbout = () => useQuery({ queryKey: key, queryFn: getAbout });

/** Saves the Tentang page (admin). */
export function useSaveAbout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AboutSettingsInput) => json(api.site.about.$put({ json: input })),
    onSuccess: (saved) => qc.setQueryData(key, saved),
  });
}
