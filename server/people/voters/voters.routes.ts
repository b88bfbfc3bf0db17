import { access, apiRoute } from '../../access/route-access.ts';
import {
  registerVoterSchema,
  registrationAnswerSchema,
  voterDataSchema,
  voterProfileSchema,
} from '../../../shared/schemas/account.ts';
import { voterSchema } from '../me/present.ts';
import { errorResponses } from '../../http/schemas.ts';

export const registerVoter = apiRoute(access.public, {
  method: 'post',
  path: '/voters/register',
  tags: ['Pemilih'],
  summary:
    'Register a voter account: answered alike for new and known emails and NIMs; the outcome is mailed (a confirmation link for a new account)',
  request: {
    body: { required: true, content: { 'application/json': { schema: registerVoterSchema } } },
  },
  responses: {
    202: {
      description: 'Accepted: the student is asked to open the link mailed to them',
      content: { 'application/json': { schema: registrationAnswerSchema } },
    },
    400: errorResponses[400],
  },
});

export const getOwnVoter = apiRoute(access.ownVoter('readOwn'), {
  method: 'get',
  path: '/voters/me',
  tags: ['Pemilih'],
  summary: "The signed-in voter's own record",
  responses: {
    200: { description: 'The record', content: { 'application/json': { schema: voterSchema } } },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const updateOwnVoter = apiRoute(access.ownVoter('updateOwn'), {
  method: 'put',
  path: '/voters/me',
  tags: ['Pemilih'],
  summary: "Save the signed-in voter's own profile (other fields are kept)",
  request: {
    body: { required: true, content: { 'application/json': { schema: voterProfileSchema } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: voterSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

export const createOwnVoter = apiRoute(access.ownVoter('createOwn'), {
  method: 'post',
  path: '/voters/me',
  tags: ['Pemilih'],
  summary:
    "Give the signed-in account's student data (an SSO account without NIM, a committee member): a voter record awaiting verification",
  request: {
    body: { required: true, content: { 'application/json': { schema: voterDataSchema } } },
  },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: voterSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});
