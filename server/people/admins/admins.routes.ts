import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import { ADMIN_ROLES } from '../../../shared/people.ts';
import { adminProfileSchema } from '../../../shared/schemas/account.ts';
import { addAdminSchema, changeAdminRoleSchema } from '../../../shared/schemas/admins.ts';
import { errorResponses } from '../../http/schemas.ts';
import { adminSchema } from '../me/present.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const userParam = z.object({
  userId: z
    .string()
    .min(1, { error: 'ID admin tidak valid.' })
    .max(64, { error: 'ID admin tidak valid.' }),
});
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

export const getOwnAdmin = apiRoute(access.ownAdmin('readOwn'), {
  method: 'get',
  path: '/admins/me',
  tags: ['Admin'],
  summary: "The signed-in admin's own record",
  responses: {
    200: { description: 'The record', content: { 'application/json': { schema: adminSchema } } },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const updateOwnAdmin = apiRoute(access.ownAdmin('updateOwn'), {
  method: 'put',
  path: '/admins/me',
  tags: ['Admin'],
  summary: "Save the signed-in admin's own profile",
  request: {
    body: { required: true, content: { 'application/json': { schema: adminProfileSchema } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: adminSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const managedAdminOut = z
  .object({
    userId: z.string(),
    email: z.string(),
    namaLengkap: z.string(),
    namaTampilan: z.string(),
    role: z.enum(ADMIN_ROLES),
    active: z.boolean(),
    deactivatedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('ManagedAdmin');

export const listAdmins = apiRoute(access.master, {
  method: 'get',
  path: '/admins',
  tags: ['Admin'],
  summary: 'Every admin with role and state (master)',
  responses: {
    200: {
      description: 'Admins',
      content: json(
        z.object({
          items: z.array(
            managedAdminOut.extend({
              /** What the master may do with this admin (people/admins/policy.ts). */
              /** The admin's second factors (the master resets them for one who lost a device). */
              twoFactorEnabled: z.boolean(),
              passkeys: z.number().int(),
              abilities: z.object({
                changeRole: z.boolean(),
                deactivate: z.boolean(),
                reactivate: z.boolean(),
                why: z.string().nullable(),
              }),
            }),
          ),
        }),
      ),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const addAdmin = apiRoute(access.master, {
  method: 'post',
  path: '/admins',
  tags: ['Admin'],
  summary:
    'Add an admin by email: a new person is invited to set a password, an existing account is notified (master)',
  request: { body: { required: true, content: json(addAdminSchema) } },
  responses: {
    201: {
      description: 'Added',
      content: json(z.object({ admin: managedAdminOut, newAccount: z.boolean() })),
    },
    ...refusals,
  },
});

export const changeAdminRole = apiRoute(access.master, {
  method: 'put',
  path: '/admins/{userId}/role',
  tags: ['Admin'],
  summary: 'Make an admin a master or a plain admin; the last active master stays (master)',
  request: {
    params: userParam,
    body: { required: true, content: json(changeAdminRoleSchema) },
  },
  responses: { 200: { description: 'Saved', content: json(managedAdminOut) }, ...refusals },
});

export const deactivateAdmin = apiRoute(access.master, {
  method: 'post',
  path: '/admins/{userId}/deactivate',
  tags: ['Admin'],
  summary: "Deactivate an admin and end all of that person's sessions (master)",
  request: { params: userParam },
  responses: { 200: { description: 'Deactivated', content: json(managedAdminOut) }, ...refusals },
});

export const reactivateAdmin = apiRoute(access.master, {
  method: 'post',
  path: '/admins/{userId}/reactivate',
  tags: ['Admin'],
  summary: 'Give a deactivated admin their role back (master)',
  request: { params: userParam },
  responses: { 200: { description: 'Reactivated', content: json(managedAdminOut) }, ...refusals },
});

export const resetAdminSecondFactor = apiRoute(access.master, {
  method: 'post',
  path: '/admins/{userId}/reset-second-factor',
  tags: ['Admin'],
  summary:
    "Take an admin's authenticator, recovery codes and passkeys off and end their sessions, for one who lost their device (master)",
  request: { params: userParam },
  responses: {
    200: {
      description: 'Reset',
      content: json(z.object({ totp: z.boolean(), passkeys: z.number().int() })),
    },
    ...refusals,
  },
});
