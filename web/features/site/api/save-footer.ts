import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FooterSettingsInput } from '../../../../shared/site.ts';
import { api, json } from '../../../lib/api-client.ts';
import { footerQueryOptions } from './get-footer.ts';

/** Saves the footer (admin); every page's footer shows the new values at once. */
export function useSaveFooter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: FooterSettingsInput) => json(api.site.footer.$put({ json: input })),
    onSuccess: (saved) => qc.setQueryData(footerQueryOptions().queryKey, saved),
  });
}
