import { access, apiRoute } from '../../access/route-access.ts';
import { uuidSchema } from '../../../shared/ids.ts';
import { z } from '@hono/zod-openapi';
import {
  DOCUMENT_CATEGORIES,
  documentInputSchema,
  documentListQuerySchema,
  latestQuerySchema,
  moveSchema,
} from '../../../shared/schemas/documents.ts';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: uuidSchema('ID dokumen tidak valid.') });
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

export const documentOut = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.enum(DOCUMENT_CATEGORIES),
    /** The uploaded file (files.hash). */
    file: z.string(),
    /** The name the download gets, with its extension. */
    fileName: z.string(),
    contentType: z.string(),
    /** E.g. "pdf", from the content. */
    extension: z.string(),
    size: z.number(),
    sortOrder: z.number(),
    /** 1-based place in its category, and how many the category holds (for move up/down). */
    position: z.number(),
    siblings: z.number(),
    isExample: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    downloadUrl: z.string(),
    /** Only for PDFs: the address that shows it in the browser. */
    viewUrl: z.string().nullable(),
  })
  .openapi('Document');

export const listDocuments = apiRoute(access.public, {
  method: 'get',
  path: '/documents',
  tags: ['Dokumen'],
  summary: 'The Bank Dokumen: by category, with search, category and file-type filters, pages',
  request: { query: documentListQuerySchema },
  responses: {
    200: {
      description: 'Documents',
      content: json(z.object({ items: z.array(documentOut), total: z.number() })),
    },
    400: errorResponses[400],
  },
});

export const latestDocuments = apiRoute(access.public, {
  method: 'get',
  path: '/documents/latest',
  tags: ['Dokumen'],
  summary: 'The newest documents (home page)',
  request: { query: latestQuerySchema },
  responses: {
    200: { description: 'Documents', content: json(z.object({ items: z.array(documentOut) })) },
    400: errorResponses[400],
  },
});

export const downloadDocument = apiRoute(access.public, {
  method: 'get',
  path: '/documents/{id}/download',
  tags: ['Dokumen'],
  summary:
    'Download a document under its sanitised file name; `inline=1` shows a PDF in the browser',
  request: {
    params: idParam,
    query: z.object({ inline: z.enum(['0', '1']).optional() }),
  },
  responses: {
    200: {
      description: 'The file',
      content: {
        'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const createDocument = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/documents',
  tags: ['Dokumen'],
  summary: 'Add a document that points at a file from POST /api/uploads/documents (admin)',
  request: { body: { required: true, content: json(documentInputSchema) } },
  responses: { 201: { description: 'Added', content: json(documentOut) }, ...refusals },
});

export const updateDocument = apiRoute(access.contentAdmin, {
  method: 'put',
  path: '/documents/{id}',
  tags: ['Dokumen'],
  summary: 'Change a document, or replace its file (admin)',
  request: { params: idParam, body: { required: true, content: json(documentInputSchema) } },
  responses: { 200: { description: 'Changed', content: json(documentOut) }, ...refusals },
});

export const deleteDocument = apiRoute(access.contentAdmin, {
  method: 'delete',
  path: '/documents/{id}',
  tags: ['Dokumen'],
  summary: 'Remove a document (admin)',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, ...refusals },
});

export const moveDocument = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/documents/{id}/move',
  tags: ['Dokumen'],
  summary: 'Move a document one place up or down within its category (admin)',
  request: { params: idParam, body: { required: true, content: json(moveSchema) } },
  responses: { 204: { description: 'Moved' }, ...refusals },
});
