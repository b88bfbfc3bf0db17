import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/schemas.ts';
import { ballotBoxQuerySchema } from '../../../shared/schemas/elections.ts';

const params = z.object({ id: uuidSchema('ID pemilihan tidak valid.') });
const howMuch =
  'results visibility (policy.ts) decides how much: the whole record, or up to the encrypted tally';

export const getRecord = apiRoute(access.decidedByHandler(howMuch), {
  method: 'get',
  path: '/elections/{id}/record',
  tags: ['Pemilihan'],
  summary:
    'A verifiable election’s public record (<uuid>.bel, Belenios 2.0): while voting, the record so far',
  request: { params },
  responses: {
    200: {
      description: 'The record archive; X-Record-Head names its last event',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const getRecordHead = apiRoute(access.decidedByHandler(howMuch), {
  method: 'get',
  path: '/elections/{id}/record/head',
  tags: ['Pemilihan'],
  summary: 'The head of the public record and the credentials announced at lock (for snapshots)',
  request: { params },
  responses: {
    200: {
      description: 'Head',
      content: {
        'application/json': {
          schema: z.object({
            uuid: z.string(),
            head: z.string(),
            events: z.number(),
            complete: z.boolean(),
            credentials: z.object({ count: z.number(), fingerprint: z.string() }),
            /** The election's fingerprint (SHA-256 of the election object, §4.15). */
            fingerprint: z.string(),
            /** Who holds the key with the server: names and roles, never keys. */
            keyHolders: z.object({
              threshold: z.number().nullable(),
              trustees: z.array(
                z.object({ namaLengkap: z.string(), role: z.enum(['panitia', 'saksi']) }),
              ),
            }),
          }),
        },
      },
    },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const getBallotBox = apiRoute(access.decidedByHandler(howMuch), {
  method: 'get',
  path: '/elections/{id}/record/ballots',
  tags: ['Pemilihan'],
  summary:
    'The public ballot box: every accepted ballot’s tracker (Kode Bukti), searchable, live while voting',
  request: { params, query: ballotBoxQuerySchema },
  responses: {
    200: {
      description: 'A page of trackers',
      content: {
        'application/json': {
          schema: z.object({
            title: z.string(),
            /** Ballots accepted: the turnout. */
            total: z.number(),
            /** Trackers that begin with the search (all of them without one). */
            matches: z.number(),
            page: z.number(),
            pageSize: z.number(),
            items: z.array(z.string()),
            /** Voting is open: the box still grows. */
            open: z.boolean(),
            /** The result is in the record (it can be verified as a whole). */
            complete: z.boolean(),
            /** Ballots voters opened to check them (never cast): the latest, and how many. */
            audited: z.object({
              total: z.number(),
              /** The opened ballot whose tracker is the whole search, if any. */
              found: z.object({ tracker: z.string(), isi: z.array(z.string()) }).nullable(),
              items: z.array(z.object({ tracker: z.string(), isi: z.array(z.string()) })),
            }),
          }),
        },
      },
    },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const getAuditedBallots = apiRoute(access.decidedByHandler(howMuch), {
  method: 'get',
  path: '/elections/{id}/record/audited',
  tags: ['Pemilihan'],
  summary:
    'The ballots voters opened to check them (Periksa surat suara), with their randomness: <uuid>.audited.json, beside the record',
  request: { params },
  responses: {
    200: {
      description: 'The list (JSON array, see shared/crypto/audit.ts)',
      content: { 'application/json': { schema: z.array(z.unknown()) } },
    },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});
