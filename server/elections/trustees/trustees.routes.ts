import { z } from '@hono/zod-openapi';
import { access, apiRoute } from '../../access/route-access.ts';
import { errorResponses } from '../../http/schemas.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import {
  certSchema,
  decryptionSchema,
  keyCheckSchema,
  polynomialSchema,
  restartCeremonySchema,
  startCeremonySchema,
  voutputSchema,
} from '../../../shared/schemas/trustees.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const electionParam = z.object({ id: uuidSchema('ID pemilihan tidak valid.') });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

const role = z.enum(['panitia', 'saksi']);

export const ceremonyOut = z
  .object({
    ceremony: z
      .object({
        threshold: z.number(),
        attempt: z.number(),
        phase: z.enum(['certs', 'polynomials', 'voutputs', 'keycheck', 'ready']),
        startedAt: z.string(),
        completedAt: z.string().nullable(),
        trustees: z.array(
          z.object({
            position: z.number(),
            namaLengkap: z.string(),
            role,
            cert: z.boolean(),
            polynomial: z.boolean(),
            voutput: z.boolean(),
            keyChecked: z.boolean(),
          }),
        ),
      })
      .nullable(),
    /** Who would be the trustees if the ceremony started (or started again) now. */
    prospective: z.array(z.object({ namaLengkap: z.string(), role })),
    drift: z.object({ joined: z.array(z.string()), left: z.array(z.string()) }).nullable(),
    defaultThreshold: z.number(),
    /** Whether the caller may start or restart it (its committee, before lock). */
    canManage: z.boolean(),
    /** Whether the caller may remind the trustees by mail (its committee). */
    canRemind: z.boolean(),
    /** The caller's position when they are a trustee. */
    myPosition: z.number().nullable(),
    /** Only a verifiable election (encrypted ballots) has trustees. */
    verifiable: z.boolean(),
    /** Locked: the ceremony can no longer start or restart. */
    locked: z.boolean(),
  })
  .openapi('KeyCeremony');

export const trusteeRoundOut = z
  .object({
    position: z.number(),
    uuid: z.string(),
    threshold: z.number(),
    attempt: z.number(),
    phase: z.enum(['certs', 'polynomials', 'voutputs', 'keycheck', 'ready']),
    done: z.object({
      cert: z.boolean(),
      polynomial: z.boolean(),
      voutput: z.boolean(),
      keyChecked: z.boolean(),
    }),
    /** Every trustee's certificate, once all are in (for step 3 and step 5). */
    certs: z.array(z.string()).nullable(),
    /** The shares routed to this trustee (step 5), while it is their turn. */
    vinput: z.string().nullable(),
    /** Their voutput: its private_key is their key encrypted to themselves (the seed opens it). */
    voutput: z.string().nullable(),
    keyCheckNonce: z.string(),
    electionTitle: z.string(),
    trusteeCount: z.number(),
    /** Locked: the ceremony is over; decryption follows once the polls close. */
    locked: z.boolean(),
  })
  .openapi('TrusteeRound');

export const decryptionOut = z
  .object({
    tallied: z.boolean(),
    numTallied: z.number().nullable(),
    threshold: z.number(),
    resultReady: z.boolean(),
    trustees: z.array(
      z.object({ position: z.number(), namaLengkap: z.string(), role, decrypted: z.boolean() }),
    ),
    myPosition: z.number().nullable(),
    fingerprint: z.string(),
  })
  .openapi('TrusteeDecryption');

export const getCeremony = apiRoute(access.committee('viewTrustees'), {
  method: 'get',
  path: '/elections/{id}/ceremony',
  tags: ['Wali kunci'],
  summary:
    'The key ceremony: trustees, threshold, progress (committee, master, witnesses, trustees)',
  request: { params: electionParam },
  responses: { 200: { description: 'Ceremony', content: json(ceremonyOut) }, ...refusals },
});

export const startCeremony = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/ceremony',
  tags: ['Wali kunci'],
  summary: 'Start the key ceremony of a draft with the committee and witnesses (committee)',
  request: { params: electionParam, body: { required: true, content: json(startCeremonySchema) } },
  responses: { 201: { description: 'Started', content: json(ceremonyOut) }, ...refusals },
});

export const restartCeremony = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/ceremony/restart',
  tags: ['Wali kunci'],
  summary: 'Start the key ceremony again, before lock, with a reason (committee; audited)',
  request: {
    params: electionParam,
    body: { required: true, content: json(restartCeremonySchema) },
  },
  responses: { 200: { description: 'Restarted', content: json(ceremonyOut) }, ...refusals },
});

export const getTrusteeRound = apiRoute(access.committee('holdKey'), {
  method: 'get',
  path: '/elections/{id}/ceremony/me',
  tags: ['Wali kunci'],
  summary: "What the trustee's browser needs for their next ceremony step (trustee)",
  request: { params: electionParam },
  responses: { 200: { description: 'Round', content: json(trusteeRoundOut) }, ...refusals },
});

const step = <P extends string, S extends z.ZodType>(path: P, summary: string, schema: S) =>
  apiRoute(access.committee('holdKey'), {
    method: 'post',
    path: `/elections/{id}/ceremony/${path}` as `/elections/{id}/ceremony/${P}`,
    tags: ['Wali kunci'],
    summary,
    request: { params: electionParam, body: { required: true, content: json(schema) } },
    responses: { 200: { description: 'Accepted', content: json(trusteeRoundOut) }, ...refusals },
  });

export const submitCert = step('cert', 'Step 1: the trustee’s certificate (trustee)', certSchema);
export const submitPolynomial = step(
  'polynomial',
  'Step 3: the trustee’s polynomial, shares encrypted to each trustee (trustee)',
  polynomialSchema,
);
export const submitVoutput = step(
  'voutput',
  'Step 5: the trustee’s verification key, checked against every commitment (trustee)',
  voutputSchema,
);
export const submitKeyCheck = step(
  'key-check',
  'The key check: a fresh proof that the trustee’s key file opens their key (trustee)',
  keyCheckSchema,
);

export const getDecryption = apiRoute(access.committee('viewTrustees'), {
  method: 'get',
  path: '/elections/{id}/decryption',
  tags: ['Wali kunci'],
  summary:
    'Decryption after close: who has decrypted, how many are needed (committee, master, witnesses, trustees)',
  request: { params: electionParam },
  responses: { 200: { description: 'Status', content: json(decryptionOut) }, ...refusals },
});

export const submitDecryption = apiRoute(access.committee('holdKey'), {
  method: 'post',
  path: '/elections/{id}/decryption',
  tags: ['Wali kunci'],
  summary: "A trustee's partial decryption of the tally, with proofs (trustee)",
  request: { params: electionParam, body: { required: true, content: json(decryptionSchema) } },
  responses: { 200: { description: 'Accepted', content: json(decryptionOut) }, ...refusals },
});

export const remindTrustees = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/trustees/remind',
  tags: ['Wali kunci'],
  summary: 'Mail the trustees whose turn it is in the ceremony or the decryption (committee)',
  request: { params: electionParam },
  responses: {
    200: { description: 'Sent', content: json(z.object({ sent: z.number() })) },
    ...refusals,
  },
});
