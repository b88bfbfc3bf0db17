import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useLatestDocuments } from '../api/latest-documents.ts';
import { formatSize, typeLabel } from '../format.ts';
import '../../../styles/documents.css';

/**
 * The newest documents of the Bank Dokumen, for the home page: title, type and size, a download
 * link each, and a link to all documents. Shows nothing while loading or when there are none.
 */
export function LatestDocuments({
  limit = 4,
  title = 'Dokumen Terbaru',
}: {
  limit?: number;
  title?: string;
}) {
  const docs = useLatestDocuments(limit);
  if (docs.isPending) return <p role="status">Memuat...</p>;
  if (docs.isError || docs.data.items.length === 0) return null;
  return (
    <section className="doc-latest" aria-labelledby="doc-latest-title">
      <h2 id="doc-latest-title">{title}</h2>
      <ul>
        {docs.data.items.map((d) => (
          <li key={d.id}>
            <span className={`doc-type doc-type-${d.extension}`} aria-hidden="true">
              {typeLabel(d.extension)}
            </span>
            <span className="doc-latest-text">
              <a href={d.downloadUrl} download={d.fileName}>
                {d.title}
              </a>
              <span className="doc-meta">
                {d.category} · {typeLabel(d.extension)}, {formatSize(d.size)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Link to={paths.dokumen} className="doc-latest-all">
        Lihat semua dokumen
      </Link>
    </section>
  );
}
