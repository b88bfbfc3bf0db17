import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

export const structureKeys = {
  all: ['structure'] as const,
  periods: ['structure', 'periods'] as const,
  period: (id: string) => ['structure', 'period', id] as const,
  current: ['structure', 'current'] as const,
};

/** Every period (cabinet), newest first. */
export const getPeriods = () => json(api.structure.periods.$get());
export type PeriodSummary = Awaited<ReturnType<typeof getPeriods>>['items'][number];
export const usePeriods = () => useQuery({ queryKey: structureKeys.periods, queryFn: getPeriods });

/** One period with its leaders and divisions. */
export const getPeriod = (id: string) => json(api.structure.periods[':id'].$get({ param: { id } }));
export type PeriodDetail = Awaited<ReturnType<typeof getPeriod>>;
export type OrgPerson = PeriodDetail['leaders'][number];
export type OrgDivision = PeriodDetail['divisions'][number];
export const usePeriod = (id: string | null) =>
  useQuery({
    queryKey: structureKeys.period(id ?? ''),
    queryFn: () => getPeriod(id!),
    enabled: id !== null,
  });

/** The period shown by default (the current one, else the newest), or null when none is set up. */
export const getCurrentStructure = () => json(api.structure.current.$get());
export const currentStructureQueryOptions = () =>
  queryOptions({ queryKey: structureKeys.current, queryFn: getCurrentStructure });
export const useCurrentStructure = () => useQuery(currentStructureQueryOptions());
