import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import '../../../styles/news.css';
import { useArticle } from '../api/get-article.ts';
import { ArticleView } from './article-view.tsx';

/** /berita/{slug}: one published article, or a plain "not found" with the way back. */
export function ArticlePage({ slug }: { slug: string }) {
  const article = useArticle(slug);
  const missing =
    article.error instanceof ApiError &&
    (article.error.status === 404 || article.error.status === 400);
  useDocumentTitle(
    article.data ? article.data.title : missing ? 'Berita tidak ditemukan' : 'Berita',
  );
  return (
    <div className="container page news-page">
      <nav aria-label="Remah roti" className="news-crumbs">
        <Link to={paths.berita}>← Semua berita</Link>
      </nav>
      {article.isPending ? <p role="status">Memuat...</p> : null}
      {missing ? (
        <div className="placeholder-page">
          <h1>Berita tidak ditemukan</h1>
          <p>Berita ini tidak ada, belum diterbitkan atau sudah ditarik.</p>
          <Link className="btn btn-primary" to={paths.berita}>
            Lihat semua berita
          </Link>
        </div>
      ) : article.isError ? (
        <Alert kind="error">{article.error.message}</Alert>
      ) : null}
      {article.data ? <ArticleView article={article.data} /> : null}
    </div>
  );
}
