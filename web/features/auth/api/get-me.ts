import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';

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
  if (me.abilities.isAdmin) return '/admin';
  // A witness reads the same area (its overview), with nothing to change.
  const committee = me.abilities.committeeOf[0] ?? me.abilities.witnessOf[0];
  if (committee) return `/panitia/${committee}`;
  if (me.abilities.isVoter) return '/dashboard-pemilih';
  return '/';
}
