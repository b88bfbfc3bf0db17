import { useMutation, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

/** Results, or (while sealed) the election and its turnout only. */
export const getResults = (electionId: string) =>
  json(api.results[':electionId'].$get({ param: { electionId } }));
export type ResultsResponse = Awaited<ReturnType<typeof getResults>>;

export const useResults = (electionId: string) =>
  useQuery({
    queryKey: ['results', electionId],
    queryFn: () => getResults(electionId),
    // Turnout is live until the results are out; then they never change.
    refetchInterval: (q) => (q.state.data?.sealed === false ? false : 10_000),
  });

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
