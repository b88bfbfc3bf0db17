import { useDocumentTitle } from '../../components/use-document-title.ts';
import { NewsList } from '../../features/news/components/news-list.tsx';

/** /berita: the organisation's news, searchable and filtered by category. */
export function Component() {
  useDocumentTitle('Berita');
  return (
    <div className="container page news-page">
      <h1>Berita</h1>
      <p className="lead">Kabar kegiatan, pengumuman dan prestasi dari BEM Poltek Nuklir.</p>
      <NewsList />
    </div>
  );
}
