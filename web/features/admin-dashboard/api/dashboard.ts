import { useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** Rows of the content tables (admin). */
export const useDashboardCounts = () =>
  useQuery({ queryKey: ['dashboard', 'counts'], queryFn: () => json(api.metrics.counts.$get()) });

const getUsage = () => json(api.metrics.usage.$get());
export type Usage = Awaited<ReturnType<typeof getUsage>>;
export type VitalRow = Usage['vitals'][number];

/** Page views per day, the most read pages and web-vitals p75, over 30 days (admin). */
export const useUsage = () => useQuery({ queryKey: ['dashboard', 'usage'], queryFn: getUsage });

const getRecent = () => json(api.activity.$get({ query: { page: '1', pageSize: '10' } }));
export type RecentEntry = Awaited<ReturnType<typeof getRecent>>['items'][number];

/** The last 10 entries of the activity history. */
export const useRecentActivity = () =>
  useQuery({ queryKey: ['activity', 'recent'], queryFn: getRecent });
