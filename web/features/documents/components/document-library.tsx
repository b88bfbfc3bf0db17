import { useState } from 'react';
import {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  DOCUMENT_LIMITS,
  DOCUMENT_TYPE_GROUPS,
  type DocumentTypeGroup,
} from '../../../../shared/documents.ts';
import { Alert } from '../../../components/alert.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useDocuments, type DocumentItem } from '../api/list-documents.ts';
import { groupByCategory, slug } from '../group.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { DocumentCard } from './document-card.tsx';
import '../../../styles/documents.css';
import { oneOf } from '../../../lib/options.ts';

/** /dokumen: the Bank Dokumen by category, with search, filters and pages. */
export function DocumentLibrary() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [type, setType] = useState<DocumentTypeGroup | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const docs = useDocuments({ q, category, type, page });
  const filtered = Boolean(q || category || type);
  const pages = docs.data ? Math.max(1, Math.ceil(docs.data.total / DOCUMENT_LIMITS.pageSize)) : 1;
  const reset = () => {
    setSearch('');
    setCategory('');
    setType('');
    setPage(1);
  };

  return (
    <>
      <form
        method="post"
        className="doc-filters"
        role="search"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field doc-search">
          <label htmlFor="doc-q">Cari dokumen</label>
          <input
            id="doc-q"
            type="search"
            placeholder="Judul, deskripsi atau nama berkas"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="doc-category">Kategori</label>
          <select
            id="doc-category"
            value={category}
            onChange={(e) => {
              setCategory(oneOf(DOCUMENT_CATEGORIES, e.target.value));
              setPage(1);
            }}
          >
            <option value="">Semua kategori</option>
            {DOCUMENT_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="doc-type">Jenis berkas</label>
          <select
            id="doc-type"
            value={type}
            onChange={(e) => {
              setType(e.target.value as DocumentTypeGroup | '');
              setPage(1);
            }}
          >
            <option value="">Semua jenis</option>
            {Object.entries(DOCUMENT_TYPE_GROUPS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>

      {docs.isPending ? <p role="status">Memuat...</p> : null}
      {docs.isError ? (
        <Alert kind="error">
          {docs.error.message}{' '}
          <button
            type="button"
            className="btn btn-outline btn-compact"
            onClick={() => docs.refetch()}
          >
            Coba lagi
          </button>
        </Alert>
      ) : null}
      {docs.data ? (
        <>
          <p className="doc-count" role="status">
            {docs.data.total} dokumen{filtered ? ' cocok' : ''}
          </p>
          {docs.data.items.length === 0 ? (
            <EmptyLibrary filtered={filtered} onReset={reset} />
          ) : (
            <DocumentGroups items={docs.data.items} />
          )}
          <Pager page={page} pages={pages} label="Halaman dokumen" onPage={setPage} />
        </>
      ) : null}
    </>
  );
}

function DocumentGroups({ items }: { items: DocumentItem[] }) {
  return groupByCategory(items).map((g) => (
    <section key={g.category} className="doc-group" aria-labelledby={`cat-${slug(g.category)}`}>
      <h2 id={`cat-${slug(g.category)}`}>{g.category}</h2>
      <ul className="doc-list">
        {g.items.map((d) => (
          <DocumentCard key={d.id} doc={d} />
        ))}
      </ul>
    </section>
  ));
}

function EmptyLibrary({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  if (filtered)
    return (
      <div className="card doc-empty">
        <p>Tidak ada dokumen yang cocok dengan pencarian atau filter ini.</p>
        <button type="button" className="btn btn-outline" onClick={onReset}>
          Hapus pencarian dan filter
        </button>
      </div>
    );
  return (
    <div className="card doc-empty">
      <p>
        Belum ada dokumen di Bank Dokumen. AD/ART, laporan pertanggungjawaban, program kerja dan
        formulir BEM akan tampil di sini setelah diunggah pengurus.
      </p>
    </div>
  );
}
