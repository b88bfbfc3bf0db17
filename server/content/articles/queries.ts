import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ArticleCategory, ArticleState } from '../../../shared/schemas/articles.ts';
import type { Db, Tx } from '../../db/client.ts';
import { articles } from '../../db/schema/index.ts';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleWithState = ArticleRow & { state: ArticleState };

/**
 * An article's state by the database clock: a published article whose time has not come is
 * scheduled, and becomes published by itself when it comes (no job runs).
 */
export const stateSql = sql<ArticleState>`case when ${articles.status} = 'draft' then 'draft' when ${articles.publishedAt} > now() then 'scheduled' else 'published' end`;

/** What the public may see: published, and its time has come (database clock). */
export const isPublic = and(
  eq(articles.status, 'published'),
  sql`${articles.publishedAt} <= now()`,
)!;

const stateWhere: Record<ArticleState, SQL> = {
  draft: eq(articles.status, 'draft'),
  scheduled: and(eq(articles.status, 'published'), sql`${articles.publishedAt} > now()`)!,
  published: isPublic,
};

/** `%term%` with LIKE's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function search(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  return or(ilike(articles.title, containing(term)), ilike(articles.summary, containing(term)));
}

/** Published articles, newest first, with search, category and pages. */
export async function listPublicArticles(
  db: Db,
  opts: {
    q?: string | undefined;
    category?: ArticleCategory | undefined;
    page: number;
    limit: number;
  },
) {
  const where = and(
    isPublic,
    search(opts.q),
    opts.category ? eq(articles.category, opts.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.createdAt), desc(articles.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One published article by its slug; undefined for a draft, a scheduled one or none. */
export async function findPublicArticle(db: Db, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), isPublic));
  return row;
}

/**
 * Every article for the admins (drafts, scheduled, published), newest first: a published or
 * scheduled article by its publication time, a draft by its last change.
 */
export async function listAdminArticles(
  db: Db,
  opts: {
    q?: string | undefined;
    state?: ArticleState | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = and(search(opts.q), opts.state ? stateWhere[opts.state] : undefined);
  const [rows, [total], byState] = await Promise.all([
    db
      .select({ article: articles, state: stateSql })
      .from(articles)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${articles.publishedAt}, ${articles.updatedAt})`),
        desc(articles.id),
      )
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(articles).where(where),
    db
      .select({ state: stateSql, n: count() })
      .from(articles)
      .where(search(opts.q))
      .groupBy(stateSql),
  ]);
  const counts = { draft: 0, scheduled: 0, published: 0 };
  for (const s of byState) counts[s.state] = Number(s.n);
  return {
    rows: rows.map((r) => ({ ...r.article, state: r.state })),
    total: Number(total?.n ?? 0),
    counts,
  };
}

/** One article with its state, whatever it is (admins). */
export async function findArticle(db: Db | Tx, id: string): Promise<ArticleWithState | undefined> {
  const [row] = await db
    .select({ article: articles, state: stateSql })
    .from(articles)
    .where(eq(articles.id, id));
  return row ? { ...row.article, state: row.state } : undefined;
}

/** Every published article's slug and last change, for the sitemap. */
export function publicArticleSlugs(db: Db) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(isPublic)
    .orderBy(desc(articles.publishedAt));
}
