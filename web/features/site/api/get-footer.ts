import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** The footer's texts and links from the site settings. */
export const getFooter = () => json(api.site.footer.$get());

export const footerQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'footer'], queryFn: getFooter, staleTime: 5 * 60_000 });

export const useFooter = () => useQuery(footerQueryOptions());
