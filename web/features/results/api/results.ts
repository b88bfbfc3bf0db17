import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, json } from '../../../lib/api-client.ts';

/** Results, or (while sealed) the election and its turnout only. */
export const getResults = (electionId: string) =>
  json(api.results[':electionId'].$get({ param: { electionId } }));
export type ResultsResponse = Awaited<ReturnType<typeof getResults>>;
type Turnout = ResultsResponse['turnout'];

const resultsKey = (electionId: string) => ['results', electionId] as const;

/**
 * When to ask for the results again while they are sealed: the turnout comes live (see
 * useLiveTurnout), so only for the close (just after the end, then every few seconds for a minute
 * while the box is sealed) and, once closed, for the committee's announcement.
 */
function sealedRefetchMs(endsAt: string): number {
  const sinceClose = Date.now() - Date.parse(endsAt);
  if (sinceClose < 0) return Math.min(5 * 60_000, 3000 - sinceClose);
  if (sinceClose < 60_000) return 5000;
  return 30_000;
}

export function useResults(electionId: string) {
  const query = useQuery({
    queryKey: resultsKey(electionId),
    queryFn: () => getResults(electionId),
    // Once the results are out they never change.
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data) return 10_000;
      return data.sealed ? sealedRefetchMs(data.election.endsAt) : false;
    },
  });
  useLiveTurnout(electionId, query.data?.sealed === true);
  return query;
}

/**
 * While the results are sealed, the turnout is pushed by the server (Server-Sent Events) and put
 * into the results query. EventSource reconnects by itself; each connection starts with the
 * current turnout, so nothing missed while disconnected stays missing.
 */
function useLiveTurnout(electionId: string, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/live/elections/${encodeURIComponent(electionId)}`);
    source.addEventListener('turnout', (event) => {
      const turnout = JSON.parse((event as MessageEvent<string>).data) as Turnout;
      qc.setQueryData<ResultsResponse>(resultsKey(electionId), (old) =>
        old?.sealed ? { ...old, turnout } : old,
      );
    });
    return () => source.close();
  }, [electionId, enabled, qc]);
}

/** Whether the ballot behind a receipt is in the counted set. */
export const useReceiptCheck = (electionId: string) =>
  useMutation({
    mutationFn: (receipt: string) =>
      json(
        api.results[':electionId']['receipt-check'].$post({
          param: { electionId },
          json: { receipt },
        }),
      ),
  });

/** A verifiable election's public record: its head hash, for snapshots, and whether it is whole. */
export const getRecordHead = (id: string) =>
  json(api.elections[':id'].record.head.$get({ param: { id } }));

export function useRecordHead(electionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['record-head', electionId],
    queryFn: () => getRecordHead(electionId),
    enabled,
    // While voting runs the record grows with every ballot.
    refetchInterval: 30_000,
  });
}
