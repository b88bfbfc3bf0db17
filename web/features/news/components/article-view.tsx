import '../../../styles/news.css';
import { formatWibLongDate } from '../../../../shared/wib.ts';

/** What an article page shows; the public page and the admin preview both render this. */
export type ArticleViewData = {
  title: string;
  category: string;
  authorName: string;
  publishedAt: string | null;
  coverUrl: string | null;
  /** HTML sanitised by the server (allowlist); never anything else. */
  body: string;
};

/**
 * An article as the public reads it: category, title, author and date, cover image and body.
 * The body is the server's sanitised HTML, inserted as is.
 */
export function ArticleView({ article }: { article: ArticleViewData }) {
  return (
    <article className="news-article" aria-labelledby="news-article-title">
      <header className="news-article-head">
        <p className="news-category">{article.category}</p>
        <h1 id="news-article-title">{article.title}</h1>
        <p className="news-byline">
          Oleh <span className="news-author">{article.authorName}</span>
          {article.publishedAt ? (
            <>
              {' · '}
              <time dateTime={article.publishedAt}>{formatWibLongDate(article.publishedAt)}</time>
            </>
          ) : null}
        </p>
      </header>
      {article.coverUrl ? (
        <figure className="news-cover">
          <img
            src={article.coverUrl}
            alt={`Gambar sampul: ${article.title}`}
            width={1600}
            height={900}
            fetchPriority="high"
          />
        </figure>
      ) : null}
      <div
        className="news-body"
        data-testid="news-body"
        // Sanitised on the server before it was stored (server/content/articles/sanitize.ts).
        dangerouslySetInnerHTML={{ __html: article.body }}
      />
    </article>
  );
}
