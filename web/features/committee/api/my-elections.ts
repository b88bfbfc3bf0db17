import { useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** The elections this person serves as committee member (panitia) or witness (saksi). */
export const getMyCommitteeElections = () => json(api.committee.elections.$get());
export const useMyCommitteeElections = (enabled: boolean) =>
  useQuery({
    queryKey: ['self', 'committee-elections'],
    queryFn: getMyCommitteeElections,
    enabled,
    staleTime: 60_000,
  });
