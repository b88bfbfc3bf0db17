import { z } from '@hono/zod-openapi';
import { access, apiRoute } from '../../access/route-access.ts';
import { createRouter } from '../../http/router.ts';
import type { SignInOptions } from '../../../shared/sso.ts';

const signInOptions = z.object({ sso: z.object({ label: z.string() }).nullable() });

export const getSignInOptions = apiRoute(access.public, {
  method: 'get',
  path: '/sign-in-options',
  tags: ['Akun'],
  summary:
    'The ways to sign in besides email and password (the campus SSO button, when configured)',
  responses: {
    200: {
      description: 'Sign-in options',
      content: { 'application/json': { schema: signInOptions } },
    },
  },
});

export const signInOptionsRouter = createRouter().openapi(getSignInOptions, (c) => {
  const { sso } = c.get('services').env;
  const body: SignInOptions = { sso: sso ? { label: sso.label } : null };
  return c.json(body, 200);
});
