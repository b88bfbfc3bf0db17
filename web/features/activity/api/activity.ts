import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** The filters as the screen keeps them (empty string: no filter). */
export type ActivityFilter = {
  role: string;
  entityType: string;
  action: string;
  from: string;
  to: string;
  q: string;
};

/** Only the filters that are set, as query parameters. */
export function filterQuery(f: ActivityFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(f)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );
}

export const getActivity = (f: ActivityFilter, page: number, pageSize: number) =>
  json(
    api.activity.$get({
      query: { ...filterQuery(f), page: String(page), pageSize: String(pageSize) },
    }),
  );
export type ActivityPage = Awaited<ReturnType<typeof getActivity>>;
export type ActivityEntry = ActivityPage['items'][number];

/** One page of Histori Aktivitas; the previous page stays shown while the next loads. */
export const useActivity = (f: ActivityFilter, page: number, pageSize: number) =>
  useQuery({
    queryKey: ['activity', 'list', f, page, pageSize],
    queryFn: () => getActivity(f, page, pageSize),
    placeholderData: keepPreviousData,
  });

/** The entity types and actions in the log, for the filter lists. */
export const useActivityOptions = () =>
  useQuery({
    queryKey: ['activity', 'options'],
    queryFn: () => json(api.activity.options.$get()),
  });

/** The whole audit chain, recomputed by the server. */
export const useAuditChain = () =>
  useQuery({
    queryKey: ['activity', 'chain'],
    queryFn: () => json(api.activity.chain.$get()),
  });

/** The CSV download of the filtered entries (a plain link: the browser saves the attachment). */
export const exportUrl = (f: ActivityFilter) => {
  const query = new URLSearchParams(filterQuery(f)).toString();
  return `/api/activity/export${query ? `?${query}` : ''}`;
};
