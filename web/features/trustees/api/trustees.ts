import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

const key = (id: string, what: string) => ['trustees', id, what] as const;

/** The key ceremony as the committee and the trustees see it. */
export const getCeremony = (id: string) =>
  json(api.elections[':id'].ceremony.$get({ param: { id } }));
export type Ceremony = Awaited<ReturnType<typeof getCeremony>>;
export const useCeremony = (id: string) =>
  useQuery({
    queryKey: key(id, 'ceremony'),
    queryFn: () => getCeremony(id),
    // Other trustees move on their own: their progress shows without reloading.
    refetchInterval: (q) => {
      const phase = q.state.data?.ceremony?.phase;
      return phase && phase !== 'ready' ? 5_000 : false;
    },
  });

/** What this trustee needs for their next step. */
export const getRound = (id: string) =>
  json(api.elections[':id'].ceremony.me.$get({ param: { id } }));
export type Round = Awaited<ReturnType<typeof getRound>>;
export const useRound = (id: string) =>
  useQuery({
    queryKey: key(id, 'round'),
    queryFn: () => getRound(id),
    refetchInterval: (q) => (q.state.data?.phase === 'ready' ? false : 5_000),
  });

/** Decryption after close: who has decrypted and how many more are needed. */
export const getDecryption = (id: string) =>
  json(api.elections[':id'].decryption.$get({ param: { id } }));
export type Decryption = Awaited<ReturnType<typeof getDecryption>>;
export const useDecryption = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: key(id, 'decryption'),
    queryFn: () => getDecryption(id),
    enabled,
    refetchInterval: (q) => (q.state.data?.resultReady ? false : 10_000),
  });

function useTrusteeMutation<A, R>(id: string, fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['trustees', id] });
      void qc.invalidateQueries({ queryKey: ['committee', id] });
    },
  });
}

export const useStartCeremony = (id: string) =>
  useTrusteeMutation(id, (ambang: number) =>
    json(api.elections[':id'].ceremony.$post({ param: { id }, json: { ambang } })),
  );

export const useRestartCeremony = (id: string) =>
  useTrusteeMutation(id, (body: { ambang: number; alasan: string }) =>
    json(api.elections[':id'].ceremony.restart.$post({ param: { id }, json: body })),
  );

export const useRemindTrustees = (id: string) =>
  useTrusteeMutation(id, () => json(api.elections[':id'].trustees.remind.$post({ param: { id } })));

export const submitCert = (id: string, cert: string, percobaan: number) =>
  json(api.elections[':id'].ceremony.cert.$post({ param: { id }, json: { cert, percobaan } }));
export const submitPolynomial = (id: string, polynomial: string, percobaan: number) =>
  json(
    api.elections[':id'].ceremony.polynomial.$post({
      param: { id },
      json: { polynomial, percobaan },
    }),
  );
export const submitVoutput = (id: string, voutput: string, percobaan: number) =>
  json(
    api.elections[':id'].ceremony.voutput.$post({ param: { id }, json: { voutput, percobaan } }),
  );
export const submitKeyCheck = (id: string, bukti: { challenge: string; response: string }) =>
  json(api.elections[':id'].ceremony['key-check'].$post({ param: { id }, json: { bukti } }));
export const submitDecryption = (id: string, dekripsiParsial: string) =>
  json(api.elections[':id'].decryption.$post({ param: { id }, json: { dekripsiParsial } }));
