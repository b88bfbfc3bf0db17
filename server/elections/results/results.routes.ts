import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { receiptCheckSchema } from '../../../shared/schemas/elections.ts';
import { z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/schemas.ts';

const params = z.object({
  electionId: uuidSchema('ID pemilihan tidak valid.').openapi({
    param: { name: 'electionId', in: 'path' },
    example: '00000000-0000-4000-8000-000000000000',
  }),
});

const phase = z.enum(['draft', 'upcoming', 'open', 'closed', 'published', 'archived']);

export const electionSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    organizer: z.string(),
    description: z.string(),
    status: z.string(),
    phase,
    startsAt: z.string().openapi({ format: 'date-time' }),
    endsAt: z.string().openapi({ format: 'date-time' }),
    resultsRelease: z.enum(['on-close', 'manual']),
    /** A verifiable election (ballot format 2): its public record can be downloaded and checked. */
    verifiable: z.boolean(),
    /** The one extension of the voting window and why (null when the end never moved). */
    extension: z
      .object({
        from: z.string().openapi({ format: 'date-time' }),
        to: z.string().openapi({ format: 'date-time' }),
        at: z.string().openapi({ format: 'date-time' }),
        reason: z.string(),
      })
      .nullable(),
  })
  .openapi('ResultsElection');

/** Participation only (who voted, never what): the one thing that is live while voting runs. */
export const turnoutSchema = z
  .object({
    rollSize: z.number().int(),
    voted: z.number().int(),
    percent: z.number(),
    perProdi: z.array(
      z.object({
        prodi: z.string(),
        rollSize: z.number().int(),
        voted: z.number().int(),
        percent: z.number(),
      }),
    ),
  })
  .openapi('Turnout');

export const resultsSchema = z
  .object({
    options: z.array(
      z.object({
        choice: z.string(),
        kind: z.enum(['candidate', 'kotak-kosong']),
        candidateId: z.string().nullable(),
        nomorUrut: z.number().int().nullable(),
        namaKetua: z.string(),
        namaWakil: z.string(),
        label: z.string(),
        votes: z.number().int(),
        percent: z.number(),
      }),
    ),
    abstain: z.object({ votes: z.number().int(), percentOfBallots: z.number() }).nullable(),
    totals: z.object({
      ballots: z.number().int(),
      valid: z.number().int(),
      abstain: z.number().int(),
    }),
    winner: z.object({ choice: z.string(), label: z.string() }).nullable(),
    tie: z.boolean(),
    kotakKosongWon: z.boolean(),
    chain: z.object({ head: z.string(), sealedHead: z.string().nullable() }),
    problems: z.array(z.string()),
    computedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Results');

export const resultsResponseSchema = z
  .union([
    z.object({
      sealed: z.literal(true),
      message: z.string(),
      election: electionSummarySchema,
      turnout: turnoutSchema,
    }),
    z.object({
      sealed: z.literal(false),
      election: electionSummarySchema,
      turnout: turnoutSchema,
      results: resultsSchema,
    }),
  ])
  .openapi('ResultsResponse');

export const getResults = apiRoute(access.decidedByHandler('resultsVisibility, per election'), {
  method: 'get',
  path: '/results/{electionId}',
  tags: ['Hasil'],
  summary:
    'Results of an election: while sealed only turnout; votes per candidate once closed, for those allowed to see them',
  request: { params },
  responses: {
    200: {
      description: 'Turnout, and the results when they may be shown',
      content: { 'application/json': { schema: resultsResponseSchema } },
    },
    304: { description: 'Public results unchanged since the ETag sent in If-None-Match' },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const getResultsCsv = apiRoute(access.decidedByHandler('resultsVisibility, per election'), {
  method: 'get',
  path: '/results/{electionId}/csv',
  tags: ['Hasil'],
  summary: 'Votes per ballot option as CSV (no per-ballot or per-voter data)',
  request: { params },
  responses: {
    200: {
      description: 'CSV attachment',
      content: { 'text/csv': { schema: z.string() } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const getResultsPdf = apiRoute(access.decidedByHandler('resultsVisibility, per election'), {
  method: 'get',
  path: '/results/{electionId}/pdf',
  tags: ['Hasil'],
  summary: 'The berita acara (official results report) as PDF',
  request: { params },
  responses: {
    200: {
      description: 'PDF attachment',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const postReceiptCheck = apiRoute(
  access.decidedByHandler('a receipt is checked against public results only'),
  {
    method: 'post',
    path: '/results/{electionId}/receipt-check',
    tags: ['Hasil'],
    summary:
      'Whether the ballot behind a receipt (Kode Bukti) is in the counted set; never the choice',
    request: {
      params,
      body: { required: true, content: { 'application/json': { schema: receiptCheckSchema } } },
    },
    responses: {
      200: {
        description: 'Found or not',
        content: { 'application/json': { schema: z.object({ found: z.boolean() }) } },
      },
      400: errorResponses[400],
      404: errorResponses[404],
    },
  },
);
