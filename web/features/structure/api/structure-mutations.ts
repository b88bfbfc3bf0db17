import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DivisionInput,
  MemberInput,
  MoveDirection,
  PeriodInput,
} from '../../../../shared/schemas/structure.ts';
import { api, json } from '../../../lib/api-client.ts';
import { request } from '../../../lib/api-error.ts';
import { structureKeys } from './structure-queries.ts';

/** A change to the structure; every structure query is fresh again once it is done. */
function useStructureMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Returned so that awaiting the mutation also waits for the refreshed data.
    onSuccess: () => qc.invalidateQueries({ queryKey: structureKeys.all }),
  });
}

const send = async (url: string, method: string, body?: unknown) => {
  await request(url, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
};

export const useCreatePeriod = () =>
  useStructureMutation((input: PeriodInput) => json(api.structure.periods.$post({ json: input })));

export const useUpdatePeriod = () =>
  useStructureMutation((v: { id: string; input: PeriodInput }) =>
    json(api.structure.periods[':id'].$put({ param: { id: v.id }, json: v.input })),
  );

export const useMakePeriodCurrent = () =>
  useStructureMutation((id: string) =>
    json(api.structure.periods[':id'].current.$post({ param: { id } })),
  );

export const useDeletePeriod = () =>
  useStructureMutation((id: string) =>
    send(`/api/structure/periods/${encodeURIComponent(id)}`, 'DELETE'),
  );

export const useCreateDivision = () =>
  useStructureMutation((v: { periodId: string; input: DivisionInput }) =>
    json(
      api.structure.periods[':id'].divisions.$post({ param: { id: v.periodId }, json: v.input }),
    ),
  );

export const useUpdateDivision = () =>
  useStructureMutation((v: { id: string; input: DivisionInput }) =>
    json(api.structure.divisions[':id'].$put({ param: { id: v.id }, json: v.input })),
  );

export const useDeleteDivision = () =>
  useStructureMutation((id: string) =>
    send(`/api/structure/divisions/${encodeURIComponent(id)}`, 'DELETE'),
  );

export const useMoveDivision = () =>
  useStructureMutation((v: { id: string; direction: MoveDirection }) =>
    send(`/api/structure/divisions/${encodeURIComponent(v.id)}/move`, 'POST', {
      direction: v.direction,
    }),
  );

export const useCreateMember = () =>
  useStructureMutation((v: { periodId: string; input: MemberInput }) =>
    json(api.structure.periods[':id'].members.$post({ param: { id: v.periodId }, json: v.input })),
  );

export const useUpdateMember = () =>
  useStructureMutation((v: { id: string; input: MemberInput }) =>
    json(api.structure.members[':id'].$put({ param: { id: v.id }, json: v.input })),
  );

export const useDeleteMember = () =>
  useStructureMutation((id: string) =>
    send(`/api/structure/members/${encodeURIComponent(id)}`, 'DELETE'),
  );

export const useMoveMember = () =>
  useStructureMutation((v: { id: string; direction: MoveDirection }) =>
    send(`/api/structure/members/${encodeURIComponent(v.id)}/move`, 'POST', {
      direction: v.direction,
    }),
  );
