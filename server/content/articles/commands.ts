import { formatWib } from '../../../shared/wib.ts';
import { hashesIn, releaseFiles } from '../../files/release.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  articlePreviewSchema,
  articlePublicationSchema,
  articleSaveSchema,
  PublicationAction,
} from '../../../shared/schemas/articles.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { articles, files } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import { findArticle, type ArticleWithState } from './queries.ts';
import { htmlToText, sanitizeArticleHtml } from './sanitize.ts';
import { insertWithSlug, slugify } from './slugs.ts';

export type ArticleSave = z.output<typeof articleSaveSchema>;
export type ArticlePublication = z.output<typeof articlePublicationSchema>;
export type ArticlePreview = z.output<typeof articlePreviewSchema>;

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Berita tidak ditemukan.');

/** Refuses cover hashes that are not stored images (the foreign key would only say "no"). */
async function checkCover(db: Db | Tx, cover: string | null, coverSmall: string | null) {
  const hashes = [cover, coverSmall].filter((h): h is string => h !== null);
  if (!hashes.length) return;
  const found = await db
    .select({ hash: files.hash })
    .from(files)
    .where(and(inArray(files.hash, hashes), eq(files.kind, 'image')));
  if (new Set(found.map((f) => f.hash)).size !== new Set(hashes).size) {
    const message = 'Gambar sampul tidak ditemukan. Unggah ulang gambarnya.';
    throw new ApiError(400, 'VALIDATION_ERROR', message, { cover: message });
  }
}

/** A public article needs something to read. */
function checkReadable(body: string) {
  if (!htmlToText(body)) {
    const message = 'Isi berita wajib diisi sebelum diterbitkan.';
    throw new ApiError(400, 'VALIDATION_ERROR', message, { body: message });
  }
}

/** The status and publishedAt columns for a publication action (`keep`: nothing changes). */
function publicationColumns(action: PublicationAction, publishAt: Date | undefined) {
  if (action === 'draft') return { status: 'draft' as const, publishedAt: null };
  if (action === 'schedule') return { status: 'published' as const, publishedAt: publishAt! };
  if (action === 'publish')
    return {
      status: 'published' as const,
      // Publishing what is already public keeps its date; anything else is public from now on.
      publishedAt: sql`case when ${articles.status} = 'published' and ${articles.publishedAt} <= now() then ${articles.publishedAt} else now() end`,
    };
  return {};
}

/** The words the audit entry ends with for a publication action. */
function publicationWords(action: PublicationAction, publishAt: Date | undefined) {
  if (action === 'draft') return ' sebagai draf';
  if (action === 'publish') return ' dan menerbitkannya';
  if (action === 'schedule') return ` dan menjadwalkannya terbit ${formatWib(publishAt!)}`;
  return '';
}

const auditDetails = (a: ArticleWithState) => ({
  slug: a.slug,
  state: a.state,
  publishedAt: a.publishedAt?.toISOString() ?? null,
});

/** Saves a new article under a slug derived from its title; its body is sanitised first. */
export async function createArticle(
  db: Db,
  actor: Actor,
  input: ArticleSave,
): Promise<ArticleWithState> {
  const body = sanitizeArticleHtml(input.body);
  const action = input.action === 'keep' ? 'draft' : input.action;
  if (action !== 'draft') checkReadable(body);
  await checkCover(db, input.cover, input.coverSmall);
  const who = auditActor(actor);
  return db.transaction(async (tx) => {
    const inserted = await insertWithSlug(tx, input.title, {
      title: input.title,
      summary: input.summary,
      category: input.category,
      body,
      cover: input.cover,
      coverSmall: input.coverSmall,
      status: 'draft',
      authorId: actor.user.id,
      authorName: who.actorName,
    });
    const cols = publicationColumns(action, input.publishAt);
    if (action !== 'draft') await tx.update(articles).set(cols).where(eq(articles.id, inserted.id));
    const article = (await findArticle(tx, inserted.id))!;
    await appendAudit(tx, {
      ...who,
      action: 'article.created',
      entityType: 'article',
      entityId: article.id,
      summary: `Membuat berita "${article.title}"${publicationWords(action, input.publishAt)}`,
      details: auditDetails(article),
    });
    return article;
  });
}

/** Changes an article's fields (never its slug) and, when asked, its publication. */
export async function updateArticle(
  db: Db,
  actor: Actor,
  id: string,
  input: ArticleSave,
): Promise<ArticleWithState> {
  const body = sanitizeArticleHtml(input.body);
  await checkCover(db, input.cover, input.coverSmall);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: articles.status,
        cover: articles.cover,
        coverSmall: articles.coverSmall,
        body: articles.body,
      })
      .from(articles)
      .where(eq(articles.id, id))
      .for('update');
    if (!current) throw notFound();
    const willBePublic =
      input.action === 'publish' ||
      input.action === 'schedule' ||
      (input.action === 'keep' && current.status === 'published');
    if (willBePublic) checkReadable(body);
    await tx
      .update(articles)
      .set({
        title: input.title,
        summary: input.summary,
        category: input.category,
        body,
        cover: input.cover,
        coverSmall: input.coverSmall,
        ...publicationColumns(input.action, input.publishAt),
      })
      .where(eq(articles.id, id));
    // A replaced cover, or an image taken out of the body, is gone unless other content uses it.
    await releaseFiles(tx, [current.cover, current.coverSmall, ...hashesIn(current.body)]);
    const article = (await findArticle(tx, id))!;
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'article.updated',
      entityType: 'article',
      entityId: id,
      summary: `Mengubah berita "${article.title}"${publicationWords(input.action, input.publishAt)}`,
      details: auditDetails(article),
    });
    return article;
  });
}

/** Publishes now, schedules or takes an article off the site, leaving its fields alone. */
export async function setPublication(
  db: Db,
  actor: Actor,
  id: string,
  input: ArticlePublication,
): Promise<ArticleWithState> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ body: articles.body })
      .from(articles)
      .where(eq(articles.id, id))
      .for('update');
    if (!current) throw notFound();
    if (input.action !== 'draft') checkReadable(current.body);
    await tx
      .update(articles)
      .set(publicationColumns(input.action, input.publishAt))
      .where(eq(articles.id, id));
    const article = (await findArticle(tx, id))!;
    const [action, summary] =
      input.action === 'draft'
        ? ['article.unpublished', `Menarik berita "${article.title}" dari situs (kembali ke draf)`]
        : input.action === 'publish'
          ? ['article.published', `Menerbitkan berita "${article.title}"`]
          : [
              'article.scheduled',
              `Menjadwalkan berita "${article.title}" terbit ${formatWib(input.publishAt!)}`,
            ];
    await appendAudit(tx, {
      ...auditActor(actor),
      action,
      entityType: 'article',
      entityId: id,
      summary,
      details: auditDetails(article),
    });
    return article;
  });
}

/** Deletes an article for good, with its images unless other content uses the same bytes. */
export async function deleteArticle(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(articles).where(eq(articles.id, id)).returning();
    if (!removed) throw notFound();
    await releaseFiles(tx, [removed.cover, removed.coverSmall, ...hashesIn(removed.body)]);
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'article.deleted',
      entityType: 'article',
      entityId: id,
      summary: `Menghapus berita "${removed.title}"`,
      details: { slug: removed.slug, status: removed.status },
    });
  });
}

/**
 * The article as the public page would show it, built exactly as saving would (sanitised body),
 * without storing anything. An existing article keeps its slug and author.
 */
export async function previewArticle(
  db: Db,
  actor: Actor,
  input: ArticlePreview,
  id: string | undefined,
) {
  await checkCover(db, input.cover, input.coverSmall);
  const existing = id ? await findArticle(db, id) : undefined;
  if (id && !existing) throw notFound();
  const now = new Date();
  return {
    id: existing?.id ?? '00000000-0000-4000-8000-000000000000',
    slug: existing?.slug ?? slugify(input.title),
    title: input.title,
    summary: input.summary,
    body: sanitizeArticleHtml(input.body),
    category: input.category,
    cover: input.cover,
    coverSmall: input.coverSmall,
    status: existing?.status ?? ('draft' as const),
    publishedAt: existing?.publishedAt ?? now,
    authorId: existing?.authorId ?? actor.user.id,
    authorName: existing?.authorName ?? auditActor(actor).actorName,
    isExample: false,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
}
