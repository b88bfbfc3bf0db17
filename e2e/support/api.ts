import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
} from '@playwright/test';

/** An API client with its own cookies that sends the site's Origin, as a browser on the site does. */
export async function client(baseURL = process.env.E2E_BASE_URL!): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

/** Awaits a call and expects its status (the body is in the failure message); answers its JSON. */
export async function ok<T>(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return (r.status() === 204 ? null : await r.json()) as T;
}
