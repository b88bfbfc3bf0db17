import { htmlToText } from './sanitize.ts';
import type { ArticleRow, ArticleWithState } from './queries.ts';

/** The URL a stored file is served at. */
export const fileUrl = (hash: string) => `/files/${hash}`;

/** The start of a text, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/** The summary, or the start of the body when none was written. */
export const summaryOf = (a: Pick<ArticleRow, 'summary' | 'body'>) =>
  a.summary || excerpt(htmlToText(a.body));

/** An article in a public list (no body). */
export const presentArticleCard = (a: ArticleRow) => ({
  slug: a.slug,
  title: a.title,
  summary: summaryOf(a),
  category: a.category,
  coverUrl: a.cover ? fileUrl(a.cover) : null,
  coverSmallUrl: a.coverSmall ? fileUrl(a.coverSmall) : a.cover ? fileUrl(a.cover) : null,
  publishedAt: a.publishedAt?.toISOString() ?? null,
  authorName: a.authorName,
});

/** A public article page: the card and its server-sanitised body. */
export const presentPublicArticle = (a: ArticleRow) => ({
  ...presentArticleCard(a),
  body: a.body,
});

/** An article as admins manage it. */
export const presentAdminArticle = (a: ArticleWithState) => ({
  id: a.id,
  slug: a.slug,
  title: a.title,
  summary: a.summary,
  category: a.category,
  body: a.body,
  cover: a.cover,
  coverSmall: a.coverSmall,
  coverUrl: a.cover ? fileUrl(a.cover) : null,
  coverSmallUrl: a.coverSmall ? fileUrl(a.coverSmall) : null,
  state: a.state,
  publishedAt: a.publishedAt?.toISOString() ?? null,
  authorName: a.authorName,
  isExample: a.isExample,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});
