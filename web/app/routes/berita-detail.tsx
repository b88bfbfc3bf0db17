import { useParams } from 'react-router';
import { ArticlePage } from '../../features/news/components/article-page.tsx';

/** /berita/{slug}: one published article. */
export function Component() {
  const { slug = '' } = useParams();
  return <ArticlePage key={slug} slug={slug} />;
}
