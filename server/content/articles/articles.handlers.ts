import type { Context } from 'hono';
import {
  createArticle as createCommand,
  deleteArticle as deleteCommand,
  previewArticle as previewCommand,
  setPublication as publicationCommand,
  updateArticle as updateCommand,
} from './commands.ts';
import { presentAdminArticle, presentArticleCard, presentPublicArticle } from './present.ts';
import {
  findArticle,
  findPublicArticle,
  listAdminArticles as listAdminQuery,
  listPublicArticles,
} from './queries.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import {
  createArticle,
  deleteArticle,
  getAdminArticle,
  getArticle,
  listAdminArticles,
  listArticles,
  previewArticle,
  setPublication,
  updateArticle,
} from './articles.routes.ts';

/** The signed-in admin, or 401/403: checked first in every admin handler. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'content', 'manage', null);
  return actor;
}

const db = (c: Context<AppEnv>) => c.get('services').database.db;
const notFound = () => new ApiError(404, 'NOT_FOUND', 'Berita tidak ditemukan.');
const withoutBody = <T extends { body: string }>({ body: _body, ...rest }: T) => rest;

export const articlesRouter = createRouter()
  .openapi(listArticles, async (c) => {
    const { q, category, page, limit } = c.req.valid('query');
    const { rows, total } = await listPublicArticles(db(c), { q, category, page, limit });
    // Scheduled articles appear by themselves: nothing here may be cached for long.
    c.header('Cache-Control', 'no-cache');
    return c.json({ items: rows.map(presentArticleCard), total, page, pageSize: limit }, 200);
  })
  .openapi(getArticle, async (c) => {
    const row = await findPublicArticle(db(c), c.req.valid('param').slug);
    if (!row) throw notFound();
    c.header('Cache-Control', 'no-cache');
    return c.json(presentPublicArticle(row), 200);
  })
  .openapi(listAdminArticles, async (c) => {
    await admin(c);
    const result = await listAdminQuery(db(c), c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        items: result.rows.map((r) => withoutBody(presentAdminArticle(r))),
        total: result.total,
        counts: result.counts,
      },
      200,
    );
  })
  .openapi(getAdminArticle, async (c) => {
    await admin(c);
    const row = await findArticle(db(c), c.req.valid('param').id);
    if (!row) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json(presentAdminArticle(row), 200);
  })
  .openapi(createArticle, async (c) => {
    const actor = await admin(c);
    const row = await createCommand(db(c), actor, c.req.valid('json'));
    return c.json(presentAdminArticle(row), 201);
  })
  .openapi(updateArticle, async (c) => {
    const actor = await admin(c);
    const row = await updateCommand(db(c), actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentAdminArticle(row), 200);
  })
  .openapi(setPublication, async (c) => {
    const actor = await admin(c);
    const row = await publicationCommand(
      db(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentAdminArticle(row), 200);
  })
  .openapi(deleteArticle, async (c) => {
    const actor = await admin(c);
    await deleteCommand(db(c), actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(previewArticle, async (c) => {
    const actor = await admin(c);
    const row = await previewCommand(db(c), actor, c.req.valid('json'), c.req.valid('query').id);
    c.header('Cache-Control', 'no-store');
    return c.json(presentPublicArticle(row), 200);
  });
