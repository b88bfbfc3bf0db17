import { useEffect, useRef, useState } from 'react';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  type DocumentCategory,
} from '../../../../shared/documents.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MoveButtons, useMoveFocus, type Direction } from '../../../components/move-buttons.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { useDocuments, type DocumentItem } from '../api/list-documents.ts';
import { useMoveDocument } from '../api/move-document.ts';
import { formatSize, typeLabel } from '../format.ts';
import { groupByCategory } from '../group.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { DocumentForm } from './document-form.tsx';
import '../../../styles/documents.css';
import { oneOf } from '../../../lib/options.ts';

type Editing = { doc: DocumentItem | null } | null;

/** /admin/dokumen: every document, with search, category filter, pages, order, add/edit/delete. */
export function DocumentAdmin() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const docs = useDocuments({ q, category, type: '', page });
  const move = useMoveDocument();
  const remove = useDeleteDocument();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const addButton = useRef<HTMLButtonElement>(null);
  // Back from the form (saved or cancelled), the focus goes to the button that opened it.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      addButton.current?.focus();
    }
  }, [editing]);
  const pages = docs.data ? Math.max(1, Math.ceil(docs.data.total / DOCUMENT_LIMITS.pageSize)) : 1;
  const fail = (err: unknown) =>
    setMessage({ kind: 'error', text: err instanceof ApiError ? err.message : 'Gagal.' });

  const focus = useMoveFocus('move', docs.data, move.isPending);
  const moveDoc = async (d: DocumentItem, direction: Direction) => {
    if (move.isPending) return;
    setMessage(undefined);
    focus.remember(d.id, direction);
    try {
      await move.mutateAsync({ id: d.id, direction });
    } catch (err) {
      focus.forget();
      fail(err);
    }
  };

  if (editing)
    return (
      <DocumentForm
        key={editing.doc?.id ?? 'new'}
        doc={editing.doc}
        onCancel={() => setEditing(null)}
        onDone={(title) => {
          setEditing(null);
          setMessage({ kind: 'success', text: `Dokumen "${title}" disimpan.` });
        }}
      />
    );

  return (
    <>
      <div className="doc-admin-head">
        <p className="field-hint">
          Dokumen tampil di Bank Dokumen per kategori, dalam urutan yang Anda atur di sini.
        </p>
        <button
          ref={addButton}
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setMessage(undefined);
            setEditing({ doc: null });
          }}
        >
          Unggah Dokumen
        </button>
      </div>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="doc-filters doc-filters-admin">
        <div className="field doc-search">
          <label htmlFor="adm-doc-q">Cari dokumen</label>
          <input
            id="adm-doc-q"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="adm-doc-category">Kategori</label>
          <select
            id="adm-doc-category"
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
      </div>
      {docs.isPending ? <p role="status">Memuat...</p> : null}
      {docs.isError ? <Alert kind="error">{docs.error.message}</Alert> : null}
      {docs.data && docs.data.items.length === 0 ? (
        <p className="empty-state">
          {q || category
            ? 'Tidak ada dokumen yang cocok.'
            : 'Belum ada dokumen. Tekan "Unggah Dokumen" untuk mengunggah yang pertama.'}
        </p>
      ) : null}
      {docs.data
        ? groupByCategory(docs.data.items).map((g) => (
            <section key={g.category} className="doc-group" aria-label={g.category}>
              <h2>{g.category}</h2>
              <ul className="doc-admin-list">
                {g.items.map((d) => (
                  <li key={d.id} className="card doc-admin-row" aria-label={d.title}>
                    <div className="doc-admin-info">
                      <strong>{d.title}</strong>
                      {d.isExample ? <span className="badge badge-pending">Contoh</span> : null}
                      <p className="field-hint">
                        {typeLabel(d.extension)} · {formatSize(d.size)} · {d.fileName} · urutan{' '}
                        {d.position} dari {d.siblings}
                      </p>
                    </div>
                    <div className="doc-admin-actions">
                      <MoveButtons
                        prefix="move"
                        id={d.id}
                        name={d.title}
                        position={d.position}
                        count={d.siblings}
                        onMove={(direction) => void moveDoc(d, direction)}
                      />
                      <a
                        className="btn btn-outline"
                        href={d.downloadUrl}
                        download={d.fileName}
                        aria-label={`Unduh ${d.title}`}
                      >
                        Unduh
                      </a>
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Ubah ${d.title}`}
                        onClick={() => {
                          setMessage(undefined);
                          setEditing({ doc: d });
                        }}
                      >
                        Ubah
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-danger-outline"
                        aria-label={`Hapus ${d.title}`}
                        onClick={() => setDeleting(d)}
                      >
                        Hapus
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
      <Pager page={page} pages={pages} label="Halaman dokumen" onPage={setPage} />
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus dokumen?"
        confirmLabel="Ya, Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const title = deleting.title;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setMessage({ kind: 'success', text: `Dokumen "${title}" dihapus.` });
              addButton.current?.focus();
            },
            onError: fail,
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          "{deleting?.title}" akan dihapus dari Bank Dokumen dan tidak dapat diunduh lagi. Tindakan
          ini tidak dapat dibatalkan.
        </p>
      </ConfirmDialog>
    </>
  );
}
