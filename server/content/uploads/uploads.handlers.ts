import type { Context } from 'hono';
import { MAX_UPLOAD_BYTES, storeDocument, storeImage, type StoredFile } from '../../files/store.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import { uploadDocument, uploadImage } from './uploads.routes.ts';

/** The URL a stored file is served at. */
export const fileUrl = (hash: string) => `/files/${hash}`;

export const presentFile = (f: StoredFile) => ({
  hash: f.hash,
  url: fileUrl(f.hash),
  contentType: f.contentType,
  size: f.size,
  width: f.width,
  height: f.height,
});

/** The one file of a multipart upload (field "file"), read into memory (at most 20 MB). */
async function uploadedFile(c: Context<AppEnv>): Promise<{ bytes: Buffer; name: string }> {
  const body = await c.req.parseBody().catch(() => {
    throw new ApiError(400, 'INVALID_FILE', 'Kirim berkas sebagai multipart/form-data.', {
      file: 'Berkas tidak terbaca.',
    });
  });
  const file = body.file;
  if (!(file instanceof File))
    throw new ApiError(400, 'INVALID_FILE', 'Pilih berkas yang akan diunggah.', {
      file: 'Pilih berkas yang akan diunggah.',
    });
  if (file.size > MAX_UPLOAD_BYTES)
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Ukuran berkas maksimal 20 MB.', {
      file: 'Ukuran berkas maksimal 20 MB.',
    });
  return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name };
}

/** Only admins upload; checked before the body is read. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'content', 'manage', null);
  return actor;
}

export const uploadsRouter = createRouter()
  .openapi(uploadImage, async (c) => {
    const actor = await admin(c);
    const { bytes } = await uploadedFile(c);
    const { database } = c.get('services');
    const { large, small } = await storeImage(database.db, bytes, actor.user.id);
    return c.json({ large: presentFile(large), small: presentFile(small) }, 201);
  })
  .openapi(uploadDocument, async (c) => {
    const actor = await admin(c);
    const { bytes, name } = await uploadedFile(c);
    const { database } = c.get('services');
    const { file, extension } = await storeDocument(database.db, bytes, actor.user.id);
    return c.json({ ...presentFile(file), extension, originalName: name.slice(0, 200) }, 201);
  });
