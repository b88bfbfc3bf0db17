import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { files } from '../db/schema/index.ts';
import { readStoredFile, type StoredFile } from '../files/store.ts';
import type { AppEnv } from './context.ts';

/** Types a browser may show in place; anything else is always a download. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/**
 * Answers with a stored file, read from the database whichever instance answers: its recorded
 * type, `nosniff`, and a Content-Disposition that is `attachment` unless the type is safe to show
 * (images, PDF) and `inline` is asked for. The file name is ASCII-only with an RFC 5987 copy, so
 * no header can be broken by it. The ETag is the hash of the bytes, the same on every instance; a
 * request that already holds them is answered 304. Null when the bytes are not stored (released
 * meanwhile).
 */
export async function sendStoredFile(
  c: Context<AppEnv>,
  file: StoredFile,
  opts: { fileName?: string; inline?: boolean; cacheControl?: string } = {},
): Promise<Response | null> {
  const disposition = opts.inline && INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment';
  const name = opts.fileName?.replace(/[^A-Za-z0-9 ._-]/g, '_');
  const etag = `"${file.hash}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': opts.cacheControl ?? 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  const held = c.req.header('if-none-match');
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers);
  }
  const stream = await readStoredFile(c.get('services').database.db, file.hash);
  if (!stream) return null;
  return c.body(stream, 200, {
    ...headers,
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': name
      ? `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`
      : disposition,
  });
}

/**
 * GET /files/{sha256}: uploaded images by the hash of their bytes (so they never change).
 * Documents are never served here: only through their document (/api/documents/{id}/download),
 * so a deleted or replaced document is gone for good.
 */
export function mountFiles(app: Hono<AppEnv>) {
  app.get('/files/:hash', async (c) => {
    const hash = c.req.param('hash');
    if (!/^[0-9a-f]{64}$/.test(hash)) return c.text('Berkas tidak ditemukan.', 404);
    const [file] = await c
      .get('services')
      .database.db.select()
      .from(files)
      .where(eq(files.hash, hash));
    const sent = file?.kind === 'image' ? await sendStoredFile(c, file, { inline: true }) : null;
    return sent ?? c.text('Berkas tidak ditemukan.', 404);
  });
}
