import { access, apiRoute } from '../../access/route-access.ts';
import { type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  aboutSettingsSchema,
  footerSettingsSchema,
  securitySettingsSchema,
} from '../../../shared/site.ts';
import { factorsOf, missingFactors } from '../../auth/second-factor-policy.ts';
import { ApiError } from '../../http/errors.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponses } from '../../http/schemas.ts';
import { authorize } from '../../access/authorize.ts';
import { readSetting, saveSetting } from './site-settings.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};

export const getFooter = apiRoute(access.public, {
  method: 'get',
  path: '/site/footer',
  tags: ['Situs'],
  summary: "The footer's texts and links (defaults until an admin changes them)",
  responses: {
    200: { description: 'Footer settings', content: json(footerSettingsSchema) },
  },
});

export const putFooter = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/site/footer',
  tags: ['Situs'],
  summary: "Change the footer's tagline, address, email, social links and supporter logos (admin)",
  request: { body: { required: true, content: json(footerSettingsSchema) } },
  responses: {
    200: { description: 'Saved', content: json(footerSettingsSchema) },
    ...refusals,
  },
});

export const getAbout = apiRoute(access.public, {
  method: 'get',
  path: '/site/about',
  tags: ['Situs'],
  summary: 'The Tentang page: vision, mission, history, contact, map link (defaults until edited)',
  responses: {
    200: { description: 'About settings', content: json(aboutSettingsSchema) },
  },
});

export const putAbout = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/site/about',
  tags: ['Situs'],
  summary: 'Change the Tentang page (admin)',
  request: { body: { required: true, content: json(aboutSettingsSchema) } },
  responses: {
    200: { description: 'Saved', content: json(aboutSettingsSchema) },
    ...refusals,
  },
});

export const getSecurity = apiRoute(access.master, {
  method: 'get',
  path: '/site/security',
  tags: ['Situs'],
  summary: 'What second factors every admin must have: authenticator app, passkey (master)',
  responses: {
    200: { description: 'Security settings', content: json(securitySettingsSchema) },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const putSecurity = apiRoute(access.master, {
  method: 'put',
  path: '/site/security',
  tags: ['Situs'],
  summary:
    'Require an authenticator app and/or a passkey of every admin; the master must have it first (master)',
  request: { body: { required: true, content: json(securitySettingsSchema) } },
  responses: {
    200: { description: 'Saved', content: json(securitySettingsSchema) },
    ...refusals,
    409: errorResponses[409],
  },
});

/** The signed-in admin, or 401/403. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'content', 'manage', null);
  return actor;
}

const dbOf = (c: Context<AppEnv>) => c.get('services').database.db;

const router = createRouter();
// Changes are refused to anyone but an admin before their body is even validated.
router.use('/site/*', async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await admin(c);
  await next();
});

export const siteRouter = router
  .openapi(getFooter, async (c) => {
    // Every page shows the footer; the browser revalidates so an edit shows at once.
    c.header('Cache-Control', 'no-cache');
    return c.json(await readSetting(dbOf(c), 'footer'), 200);
  })
  .openapi(putFooter, async (c) => {
    const actor = await admin(c);
    return c.json(await saveSetting(dbOf(c), actor, 'footer', c.req.valid('json')), 200);
  })
  .openapi(getAbout, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await readSetting(dbOf(c), 'about'), 200);
  })
  .openapi(putAbout, async (c) => {
    const actor = await admin(c);
    return c.json(await saveSetting(dbOf(c), actor, 'about', c.req.valid('json')), 200);
  })
  .openapi(getSecurity, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readSetting(dbOf(c), 'security'), 200);
  })
  .openapi(putSecurity, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'admin', 'manage', null);
    const wanted = c.req.valid('json');
    // A master cannot lock themselves out: what they require of admins, they have already.
    const missing = missingFactors(wanted, await factorsOf(dbOf(c), actor.user.id));
    if (missing.length)
      throw new ApiError(
        409,
        'SECOND_FACTOR_MISSING',
        missing.includes('totp')
          ? 'Aktifkan dulu aplikasi autentikator (2FA) untuk akun Anda sendiri di Keamanan Akun sebelum mewajibkannya.'
          : 'Tambahkan dulu passkey untuk akun Anda sendiri di Keamanan Akun sebelum mewajibkannya.',
      );
    return c.json(await saveSetting(dbOf(c), actor, 'security', wanted), 200);
  });
