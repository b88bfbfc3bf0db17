import type { Context } from 'hono';
import {
  createDocument as createCommand,
  deleteDocument as deleteCommand,
  documentWithFile,
  downloadName,
  getDocument,
  latestDocuments as latestQuery,
  listDocuments as listQuery,
  moveDocument as moveCommand,
  updateDocument as updateCommand,
} from './documents.ts';
import { presentDocument } from './present.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { sendStoredFile } from '../../http/files.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import {
  createDocument,
  deleteDocument,
  downloadDocument,
  latestDocuments,
  listDocuments,
  moveDocument,
  updateDocument,
} from './documents.routes.ts';

/** The signed-in admin, or 401/403 before anything is read or changed. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'content', 'manage', null);
  return actor;
}

const db = (c: Context<AppEnv>) => c.get('services').database.db;

export const documentsRouter = createRouter()
  .openapi(listDocuments, async (c) => {
    const { items, total } = await listQuery(db(c), c.req.valid('query'));
    c.header('Cache-Control', 'no-cache');
    return c.json({ items: items.map(presentDocument), total }, 200);
  })
  .openapi(latestDocuments, async (c) => {
    const items = await latestQuery(db(c), c.req.valid('query').limit);
    c.header('Cache-Control', 'no-cache');
    return c.json({ items: items.map(presentDocument) }, 200);
  })
  .openapi(downloadDocument, async (c) => {
    const { document, file } = await documentWithFile(db(c), c.req.valid('param').id);
    const res = await sendStoredFile(c, file, {
      fileName: downloadName(document.fileName, document.title, file.contentType),
      // Only a PDF is ever shown in place; everything else is a download.
      inline: c.req.valid('query').inline === '1' && file.contentType === 'application/pdf',
      // The address stays while the document's file may be replaced: never cache it as
      // immutable (a browser asks again, and holding the same file gets 304).
      cacheControl: 'no-cache',
    });
    if (!res) throw new ApiError(404, 'NOT_FOUND', 'Berkas dokumen tidak ditemukan.');
    return res;
  })
  .openapi(createDocument, async (c) => {
    const actor = await admin(c);
    const row = await createCommand(db(c), actor, c.req.valid('json'));
    return c.json(presentDocument(await getDocument(db(c), row.id)), 201);
  })
  .openapi(updateDocument, async (c) => {
    const actor = await admin(c);
    const { id } = c.req.valid('param');
    await updateCommand(db(c), actor, id, c.req.valid('json'));
    return c.json(presentDocument(await getDocument(db(c), id)), 200);
  })
  .openapi(deleteDocument, async (c) => {
    const actor = await admin(c);
    await deleteCommand(db(c), actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(moveDocument, async (c) => {
    const actor = await admin(c);
    await moveCommand(db(c), actor, c.req.valid('param').id, c.req.valid('json').direction);
    return c.body(null, 204);
  });
