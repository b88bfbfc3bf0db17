import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/schemas.ts';
import { electionOut } from '../present.ts';
import { candidateOut } from '../setup/setup.routes.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const electionParam = z.object({ id: uuidSchema('ID pemilihan tidak valid.') });

export const listPublicElections = apiRoute(access.public, {
  method: 'get',
  path: '/elections',
  tags: ['Pemilihan'],
  summary: 'Elections anyone may see: upcoming, open, closed and published (no drafts)',
  responses: {
    200: { description: 'Elections', content: json(z.object({ items: z.array(electionOut) })) },
  },
});

export const listPublicCandidates = apiRoute(access.public, {
  method: 'get',
  path: '/elections/{id}/candidates',
  tags: ['Pemilihan'],
  summary:
    'An election past its draft and its candidates, for anyone: photo, names, vision and mission, in ballot order',
  request: { params: electionParam },
  responses: {
    200: {
      description: 'Candidates',
      content: json(z.object({ election: electionOut, candidates: z.array(candidateOut) })),
    },
    404: errorResponses[404],
  },
});

const voterState = z.object({
  /** Whether this voter may cast now; when not, `reason` says why in Indonesian. */
  canVote: z.boolean(),
  reason: z.string().nullable(),
  votedAt: z.string().nullable(),
});

export const getBallot = apiRoute(access.signedIn, {
  method: 'get',
  path: '/voting/{id}',
  tags: ['Pemilihan'],
  summary: 'The ballot of an election and the signed-in voter’s state in it',
  request: { params: electionParam },
  responses: {
    200: {
      description: 'Ballot',
      content: json(
        z.object({
          election: electionOut,
          candidates: z.array(candidateOut),
          choices: z.array(z.string()),
          me: voterState,
          /**
           * A verifiable election's booth: the election object (as stored: its fingerprint is over
           * these bytes), the voter's public credential (the booth checks that the private one
           * from the mailed link is its match) and what each plaintext slot counts. Only for a
           * voter who may cast now.
           */
          verifiable: z
            .object({
              election: z.string(),
              publicCredential: z.string(),
              slots: z.array(z.string()),
            })
            .nullable(),
        }),
      ),
    },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const castVote = apiRoute(
  access.decidedByHandler('the session is checked inside the casting statement'),
  {
    method: 'post',
    path: '/voting/{id}/cast',
    tags: ['Pemilihan'],
    summary: 'Cast the ballot (Kirim Suara); answers the receipt (Kode Bukti), shown once',
    request: {
      params: electionParam,
      body: {
        required: true,
        content: json(
          z.union(
            [
              z.object({ choice: z.string().min(1).max(64) }),
              // A verifiable election's ballot (format 2): the canonical JSON made in the booth.
              z.object({ ballot: z.string().min(1).max(200_000) }),
            ],
            {
              error:
                'Isi permintaan harus memuat pilihan (choice) atau surat suara terenkripsi (ballot).',
            },
          ),
        ),
      },
    },
    responses: {
      201: {
        description: 'Recorded',
        content: json(z.object({ receipt: z.string(), votedAt: z.string() })),
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  },
);

const decimalString = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,99})$/, { error: 'Keacakan harus berupa bilangan desimal.' });

export const auditBallotRoute = apiRoute(
  access.decidedByHandler('the voter who may cast now, with their own credential'),
  {
    method: 'post',
    path: '/voting/{id}/audit',
    tags: ['Pemilihan'],
    summary:
      'Periksa surat suara: open a ballot the booth built (never cast), published among the audited ballots',
    request: {
      params: electionParam,
      body: {
        required: true,
        content: json(
          z.object({
            ballot: z.string().min(1).max(200_000),
            /** The randomness of every slot, per question: what opens the ballot. */
            randomness: z
              .array(z.array(decimalString).min(1).max(64), {
                error: 'Keacakan surat suara harus berupa daftar per pertanyaan.',
              })
              .min(1)
              .max(16),
          }),
        ),
      },
    },
    responses: {
      201: {
        description: 'Opened and published; this ballot can never be cast',
        content: json(
          z.object({
            tracker: z.string(),
            /** The opened 0/1 vector of each question (the booth shows what it holds). */
            plaintexts: z.array(z.array(z.number())),
            /** How many more ballots this voter may open. */
            remaining: z.number(),
          }),
        ),
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  },
);

export const myElections = apiRoute(access.ownVoter('readOwn'), {
  method: 'get',
  path: '/voters/me/elections',
  tags: ['Pemilih'],
  summary: 'The voter’s elections (on their roll) with their state for this voter',
  responses: {
    200: {
      description: 'Elections',
      content: json(z.object({ items: z.array(electionOut.extend(voterState.shape)) })),
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});
