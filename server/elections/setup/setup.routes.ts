import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import { turnoutSchema } from '../results/results.routes.ts';
import {
  candidateSchema,
  electionSettingsSchema,
  extendSchema,
  lockSchema,
  resendCredentialSchema,
  rollCsvSchema,
} from '../../../shared/schemas/election-setup.ts';
import { errorResponses } from '../../http/schemas.ts';
import { nimField } from '../../../shared/schemas/account.ts';
import { electionOut } from '../present.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const electionParam = z.object({ id: uuidSchema('ID pemilihan tidak valid.') });
const candidateParam = electionParam.extend({
  candidateId: uuidSchema('ID kandidat tidak valid.'),
});
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

export const candidateOut = z
  .object({
    id: z.string(),
    nomorUrut: z.number(),
    namaKetua: z.string(),
    namaWakil: z.string(),
    visi: z.string(),
    misi: z.string(),
    foto: z.string(),
  })
  .openapi('Candidate');

export const settingsOut = electionOut
  .extend({
    kotakKosong: z.boolean(),
    abstain: z.boolean(),
    rollMode: z.enum(['all', 'prodi', 'angkatan', 'roll']),
    rollProdi: z.array(z.string()),
    rollYears: z.array(z.number()),
    resultsRelease: z.enum(['on-close', 'manual']),
    /** Those on the roll who have not voted are reminded by mail hours before the close. */
    reminderEnabled: z.boolean(),
    lockedAt: z.string().nullable(),
    rollSize: z.number().nullable(),
    /** The one extension of the voting window, if it was used, and its reason. */
    extendedAt: z.string().nullable(),
    extensionReason: z.string().nullable(),
    /** Ballots encrypted in the booth, a public record, voting credentials (format 2). */
    verifiable: z.boolean(),
  })
  .openapi('ElectionSettings');

export const getOverview = apiRoute(access.committee('viewOverview'), {
  method: 'get',
  path: '/elections/{id}/overview',
  tags: ['Panitia'],
  summary:
    'Ringkasan: settings, candidates, committee, witnesses, what blocks locking, live turnout (committee, master, witnesses: read-only)',
  request: { params: electionParam },
  responses: {
    200: {
      description: 'Overview',
      content: json(
        z.object({
          election: settingsOut,
          candidates: z.array(candidateOut),
          committee: z.array(
            z.object({ userId: z.string(), namaLengkap: z.string(), joinedAt: z.string() }),
          ),
          /** The witnesses (saksi) who have joined, one per candidate pair at most. */
          witnesses: z.array(
            z.object({
              candidateId: z.string(),
              nomorUrut: z.number(),
              namaLengkap: z.string(),
              joinedAt: z.string(),
            }),
          ),
          /** In which role the caller reads it: a witness and the master only look. */
          viewerRole: z.enum(['panitia', 'master', 'saksi']),
          blockers: z.array(z.string()),
          /**
           * A draft's steps to its lock, in order (the key ceremony's only for a verifiable
           * election), each done or with what still stops the lock; null once locked.
           */
          steps: z
            .array(
              z.object({
                step: z.enum(['kandidat', 'pemilih', 'jadwal', 'wali-kunci', 'kunci']),
                done: z.boolean(),
                problems: z.array(z.string()),
              }),
            )
            .nullable(),
          prospectiveRollSize: z.number(),
          turnout: turnoutSchema,
          canPrepare: z.boolean(),
          /** What the caller may do now (elections/policy.ts `committeeAbilities`). */
          abilities: z.object({
            editSetup: z.boolean(),
            importRoll: z.boolean(),
            extend: z.boolean(),
            publish: z.boolean(),
          }),
        }),
      ),
    },
    ...refusals,
  },
});

export const updateSettings = apiRoute(access.committee('prepare'), {
  method: 'put',
  path: '/elections/{id}/settings',
  tags: ['Panitia'],
  summary: 'Save the settings of a draft election (committee)',
  request: {
    params: electionParam,
    body: { required: true, content: json(electionSettingsSchema) },
  },
  responses: { 200: { description: 'Saved', content: json(settingsOut) }, ...refusals },
});

export const lockElection = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/lock',
  tags: ['Panitia'],
  summary:
    'Kunci Pemilihan: draft -> ready; the roll is fixed; with kodePemulihan, lost credentials can be sent again (committee)',
  request: { params: electionParam, body: { required: false, content: json(lockSchema) } },
  responses: { 200: { description: 'Locked', content: json(settingsOut) }, ...refusals },
});

export const resendCredential = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/credentials/{nim}/resend',
  tags: ['Panitia'],
  summary:
    'Kirim Ulang Kredensial: a voter who lost the mail gets the same credential again, opened with the committee’s recovery code (committee)',
  request: {
    params: electionParam.extend({ nim: nimField }),
    body: { required: true, content: json(resendCredentialSchema) },
  },
  responses: {
    202: {
      description: 'The credential will be mailed within the minute',
      content: json(z.object({ nim: z.string(), status: z.literal('dikirim') })),
    },
    ...refusals,
  },
});

export const extendElection = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/extend',
  tags: ['Panitia'],
  summary: 'Move the end later, with a reason kept in the audit log (committee)',
  request: { params: electionParam, body: { required: true, content: json(extendSchema) } },
  responses: { 200: { description: 'Extended', content: json(settingsOut) }, ...refusals },
});

export const addCandidate = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/candidates',
  tags: ['Panitia'],
  summary: 'Add a candidate or pair to a draft election (committee)',
  request: { params: electionParam, body: { required: true, content: json(candidateSchema) } },
  responses: { 201: { description: 'Added', content: json(candidateOut) }, ...refusals },
});

export const updateCandidate = apiRoute(access.committee('prepare'), {
  method: 'put',
  path: '/elections/{id}/candidates/{candidateId}',
  tags: ['Panitia'],
  summary: 'Change a candidate of a draft election (committee)',
  request: { params: candidateParam, body: { required: true, content: json(candidateSchema) } },
  responses: { 200: { description: 'Saved', content: json(candidateOut) }, ...refusals },
});

export const removeCandidate = apiRoute(access.committee('prepare'), {
  method: 'delete',
  path: '/elections/{id}/candidates/{candidateId}',
  tags: ['Panitia'],
  summary: 'Remove a candidate from a draft election (committee)',
  request: { params: candidateParam },
  responses: { 204: { description: 'Removed' }, ...refusals },
});

const previewOut = z.object({
  nims: z.number(),
  verified: z.number(),
  unverified: z.array(z.string()),
  unregistered: z.array(z.string()),
  invalid: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
  duplicates: z.array(z.string()),
});

export const previewRoll = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/roll/preview',
  tags: ['Panitia'],
  summary: 'Impor CSV, step 1: matches and mismatches, nothing stored (committee)',
  request: { params: electionParam, body: { required: true, content: json(rollCsvSchema) } },
  responses: { 200: { description: 'Preview', content: json(previewOut) }, ...refusals },
});

export const applyRoll = apiRoute(access.committee('prepare'), {
  method: 'post',
  path: '/elections/{id}/roll',
  tags: ['Panitia'],
  summary: 'Impor CSV, step 2: replace the imported roll of a draft election (committee)',
  request: { params: electionParam, body: { required: true, content: json(rollCsvSchema) } },
  responses: { 200: { description: 'Applied', content: json(previewOut) }, ...refusals },
});

export const listMailProblems = apiRoute(access.committee('viewCommittee'), {
  method: 'get',
  path: '/elections/{id}/mail-problems',
  tags: ['Panitia'],
  summary:
    "The election's voter mails that have not arrived: given up, or failing and retried (committee, master); NIM and name, never the address",
  request: { params: electionParam },
  responses: {
    200: {
      description: 'Mail problems',
      content: json(
        z.object({
          items: z.array(
            z.object({
              nim: z.string().nullable(),
              namaLengkap: z.string().nullable(),
              /** Which mail, in Indonesian (Kredensial, Pengingat, …). */
              jenis: z.string(),
              /** True when the outbox gave it up; false while it is still retried. */
              givenUp: z.boolean(),
              error: z.string(),
              createdAt: z.string(),
            }),
          ),
        }),
      ),
    },
    ...refusals,
  },
});

export const listRoll = apiRoute(access.committee('viewCommittee'), {
  method: 'get',
  path: '/elections/{id}/roll',
  tags: ['Panitia'],
  summary: 'The roll with who has voted, never what (committee, master)',
  request: {
    params: electionParam,
    query: z.object({
      q: z.string().max(100).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
  },
  responses: {
    200: {
      description: 'Roll page',
      content: json(
        z.object({
          total: z.number(),
          /**
           * True for a draft whose roll comes from a rule: the verified voters the rule matches
           * now, who become the roll when the election is locked.
           */
          prospective: z.boolean(),
          items: z.array(
            z.object({
              nim: z.string(),
              namaLengkap: z.string().nullable(),
              prodi: z.string().nullable(),
              status: z.string().nullable(),
              voted: z.boolean(),
              /** Where the holder of this NIM stands (the eligibility rule), in Indonesian. */
              standing: z.string(),
              /**
               * A verifiable election's credential for this NIM: sent (the mail server took it),
               * waiting for a verified account, queued in the outbox, failing (retried), failed
               * (given up; it may be sent again), or erased undelivered at the close. Never the
               * credential itself.
               */
              credential: z
                .object({
                  state: z.enum([
                    'sent',
                    'queued',
                    'waiting-account',
                    'failing',
                    'failed',
                    'erased',
                  ]),
                  mailedAt: z.string().nullable(),
                  error: z.string().nullable(),
                  /** A sealed copy is kept: the committee may send it again with its code. */
                  recoverable: z.boolean(),
                })
                .nullable(),
            }),
          ),
        }),
      ),
    },
    ...refusals,
  },
});
