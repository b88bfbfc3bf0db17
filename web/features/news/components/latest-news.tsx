import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { paths } from '../../../config/paths.ts';
import '../../../styles/news.css';
import { useLatestArticles } from '../api/public.ts';
import { ArticleCard } from './article-card.tsx';

/**
 * "Berita Terbaru" for the home page: the newest published articles (three by default) and a
 * link to every article. Renders its own heading.
 */
export function LatestNews({
  limit = 3,
  title = 'Berita Terbaru',
}: {
  limit?: number;
  title?: string;
}) {
  const latest = useLatestArticles(limit);
  return (
    <section className="latest-news" aria-labelledby="latest-news-title">
      <div className="latest-news-head">
        <h2 id="latest-news-title">{title}</h2>
        <Link to={paths.berita} className="latest-news-all">
          Lihat semua berita
        </Link>
      </div>
      {latest.isPending ? <p role="status">Memuat...</p> : null}
      {latest.isError ? <Alert kind="error">{latest.error.message}</Alert> : null}
      {latest.data && latest.data.items.length === 0 ? (
        <p className="empty-state">Belum ada berita yang diterbitkan. Nantikan kabar dari BEM.</p>
      ) : null}
      {latest.data?.items.length ? (
        <ul className="news-grid">
          {latest.data.items.map((a) => (
            <ArticleCard key={a.slug} article={a} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
