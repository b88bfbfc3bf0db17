import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const getOutbox = (page: number) =>
  json(api.mail.outbox.$get({ query: { page: String(page), pageSize: '20' } }));
export type Outbox = Awaited<ReturnType<typeof getOutbox>>;

/** The mail outbox: what waits, what was sent in a day, what was given up (master). */
export const useOutbox = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['mail', 'outbox', page],
    queryFn: () => getOutbox(page),
    enabled,
    // Mail waiting for a mail server that is down moves on its own: looked at again each half minute.
    refetchInterval: 30_000,
  });

/** Puts a mail that was given up back in the queue (master). */
export const useRetryMail = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.mail.outbox[':id'].retry.$post({ param: { id: String(id) } });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['mail'] });
      void qc.invalidateQueries({ queryKey: ['activity'] });
    },
  });
};
