import fs from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { files } from '../db/schema/index.ts';
import { filePath, type StoredFile } from '../files/store.ts';
import type { AppEnv } from './context.ts';

/** Types a browser may show in place; anything else is always a download. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/**
 * Answers with a stored file: its recorded type, `nosniff`, and a Content-Disposition that is
 * `attachment` unless the type is safe to show (images, PDF) and `inline` is asked for. The file
 * name is ASCII-only with an RFC 5987 copy, so no header can be broken by it.
 */
export function sendStoredFile(
  c: Context<AppEnv>,
  file: StoredFile,
  opts: { fileName?: string; inline?: boolean } = {},
) {
  const disposition = opts.inline && INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment';
  const name = opts.fileName?.replace(/[^A-Za-z0-9 ._-]/g, '_');
  const stream = fs.createReadStream(filePath(c.get('services').env.dataDir, file.hash));
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': name
      ? `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`
      : disposition,
    'Cache-Control': 'public, max-age=31536000, immutable',
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
    if (
      !file ||
      file.kind !== 'image' ||
      !fs.existsSync(filePath(c.get('services').env.dataDir, hash))
    )
      return c.text('Berkas tidak ditemukan.', 404);
    return sendStoredFile(c, file, { inline: true });
  });
}
