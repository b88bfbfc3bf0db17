import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, json } from '../../../lib/api-client.ts';
import { postJson } from '../../../lib/api-error.ts';
import { SSO_PROVIDER_ID } from '../../../../shared/sso.ts';

/** The ways to sign in besides email and password (the campus SSO, when configured). */
export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: ['sign-in-options'],
    queryFn: () => json(api['sign-in-options'].$get()),
    staleTime: Infinity,
  });

export const useSignInOptions = () => useQuery(signInOptionsQuery());

/**
 * Starts a campus SSO sign-in: the server answers with the provider's address (state, nonce and
 * PKCE kept on its side), where the browser goes. `next` is where to land afterwards ("/": by role);
 * `back` the page that explains a failure.
 */
export async function startCampusSso(next: string, back: string): Promise<string> {
  const { url } = await postJson<{ url: string }>('/api/auth/sign-in/social', {
    provider: SSO_PROVIDER_ID,
    callbackURL: next,
    errorCallbackURL: back,
    disableRedirect: true,
  });
  return url;
}
