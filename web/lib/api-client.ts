import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../server/app.ts';
import { ApiError, request } from './api-error.ts';

/** The typed client for our own API (/api/*), checked against the server's route declarations. */
export const api = hc<ApiRoutes>('/api', {
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    request(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      init,
    ),
});

type Success<R> =
  R extends ClientResponse<infer T, infer S, 'json'>
    ? S extends SuccessStatusCode
      ? T
      : never
    : never;

/** Reads the JSON body of a successful answer; failures were already thrown as ApiError. */
export async function json<R extends ClientResponse<unknown, number, string>>(
  res: Promise<R>,
): Promise<Success<R>> {
  return (await (await res).json()) as Success<R>;
}

export { ApiError };
