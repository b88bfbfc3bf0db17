import type { Context } from 'hono';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import type { AppEnv } from './context.ts';

/**
 * Signs a just-created account in through better-auth, so the session is its own (cookie and
 * all), and puts the session cookie on this response.
 */
export async function signInNewAccount(c: Context<AppEnv>, email: string, password: string) {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get('clientIp') || '0.0.0.0');
  const signIn = await c.get('services').auth.api.signInEmail({
    body: { email, password },
    headers,
    returnHeaders: true,
  });
  for (const cookie of signIn.headers.getSetCookie())
    c.header('set-cookie', cookie, { append: true });
}
