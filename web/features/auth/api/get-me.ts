import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import { landingPath as landingFor } from '../../../../shared/landing.ts';

/** The signed-in person with their records and abilities (anonymous: user null). */
export const getMe = () => json(api.me.$get());

export type Me = Awaited<ReturnType<typeof getMe>>;

/** Every query about the signed-in person's own records starts with this key. */
export const selfKey = ['self'] as const;
export const meQueryKey = ['self', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Where a person lands after signing in, by role (interface.md). */
export function landingPath(me: Me): string {
  // An admin without a second factor the master requires adds it first.
  if (me.secondFactor.hold.length) return '/keamanan-akun';
  return landingFor(me.abilities);
}
