import { access, apiRoute } from '../../access/route-access.ts';
import { z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/schemas.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const multipart = {
  'multipart/form-data': {
    schema: z.object({
      file: z
        .custom<File>((v) => v instanceof File, { error: 'Pilih berkas yang akan diunggah.' })
        .openapi({ type: 'string', format: 'binary' }),
    }),
  },
};
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  413: errorResponses[413],
};

export const storedFileOut = z
  .object({
    hash: z.string(),
    url: z.string(),
    contentType: z.string(),
    size: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  })
  .openapi('StoredFile');

export const uploadImage = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/uploads/images',
  tags: ['Berkas'],
  summary:
    'Upload an image (JPEG, PNG, WebP): re-encoded on the server into a large and a small JPEG (admin)',
  request: { body: { required: true, content: multipart } },
  responses: {
    201: {
      description: 'Stored',
      content: json(z.object({ large: storedFileOut, small: storedFileOut })),
    },
    ...refusals,
  },
});

export const uploadDocument = apiRoute(access.contentAdmin, {
  method: 'post',
  path: '/uploads/documents',
  tags: ['Berkas'],
  summary:
    'Upload a document (PDF, Office, OpenDocument or image, at most 20 MB; type read from its content) (admin)',
  request: { body: { required: true, content: multipart } },
  responses: {
    201: {
      description: 'Stored',
      content: json(storedFileOut.extend({ extension: z.string(), originalName: z.string() })),
    },
    ...refusals,
  },
});
