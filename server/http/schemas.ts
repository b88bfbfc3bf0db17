import { z } from '@hono/zod-openapi';

/** The error body every refusal carries; declared on each route's responses. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

export const errorContent = { 'application/json': { schema: errorSchema } } as const;

/** Standard error responses to spread into a route's `responses`. */
export const errorResponses = {
  400: { description: 'Data tidak valid', content: errorContent },
  401: { description: 'Belum masuk', content: errorContent },
  403: { description: 'Tidak berhak', content: errorContent },
  404: { description: 'Tidak ditemukan', content: errorContent },
  409: { description: 'Bentrok dengan data yang ada', content: errorContent },
  413: { description: 'Terlalu besar', content: errorContent },
} as const;
