import type { DocumentItem } from '../api/list-documents.ts';
import { formatWibDate } from '../../../../shared/wib.ts';
import { formatSize, typeLabel } from '../format.ts';
import '../../../styles/documents.css';

/** One document: its type and size, and Unduh (and Lihat for a PDF, in a new tab). */
export function DocumentCard({ doc }: { doc: DocumentItem }) {
  const titleId = `doc-${doc.id}`;
  return (
    <li className="doc-card" aria-labelledby={titleId}>
      <span className={`doc-type doc-type-${doc.extension}`} aria-hidden="true">
        {typeLabel(doc.extension)}
      </span>
      <div className="doc-body">
        <h3 id={titleId} className="doc-title">
          {doc.title}
        </h3>
        {doc.description ? <p className="doc-desc">{doc.description}</p> : null}
        <p className="doc-meta">
          <span>{typeLabel(doc.extension)}</span>
          <span>{formatSize(doc.size)}</span>
          <span>Diperbarui {formatWibDate(doc.updatedAt)}</span>
        </p>
      </div>
      <div className="doc-actions">
        {doc.viewUrl ? (
          <a
            className="btn btn-outline"
            href={doc.viewUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Lihat<span className="visually-hidden"> {doc.title} (tab baru)</span>
          </a>
        ) : null}
        <a className="btn btn-primary" href={doc.downloadUrl} download={doc.fileName}>
          Unduh<span className="visually-hidden"> {doc.title}</span>
        </a>
      </div>
    </li>
  );
}
