import { Link } from '../../../components/link.tsx';
import { LogoMark } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import '../../../styles/news.css';
import type { ArticleCard as Card } from '../api/public.ts';
import { formatWibShortDate } from '../../../../shared/wib.ts';

/**
 * One article in a list: its small cover, category, title (the link), summary and date. A
 * `priority` card (the first one on the first screen) loads its cover at once, not lazily.
 */
export function ArticleCard({
  article,
  headingLevel = 3,
  priority = false,
}: {
  article: Card;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="news-card">
      <div className="news-card-image">
        {article.coverSmallUrl ? (
          <img
            src={article.coverSmallUrl}
            alt=""
            width={640}
            height={360}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
        ) : (
          <span className="news-card-placeholder" aria-hidden="true">
            <LogoMark size={56} />
          </span>
        )}
      </div>
      <div className="news-card-body">
        <p className="news-category">{article.category}</p>
        <Heading className="news-card-title">
          <Link to={paths.artikel(article.slug)} className="news-card-link">
            {article.title}
          </Link>
        </Heading>
        {article.summary ? <p className="news-card-summary">{article.summary}</p> : null}
        {article.publishedAt ? (
          <p className="news-card-date">
            <time dateTime={article.publishedAt}>{formatWibShortDate(article.publishedAt)}</time>
          </p>
        ) : null}
      </div>
    </li>
  );
}
