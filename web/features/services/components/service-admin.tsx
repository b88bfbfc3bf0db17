import { useEffect, useRef, useState } from 'react';
import {
  SERVICE_CATEGORIES,
  SERVICE_LIMITS,
  type ServiceCategory,
} from '../../../../shared/services.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MoveButtons, useMoveFocus, type Direction } from '../../../components/move-buttons.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useServices, type ServiceItem } from '../api/list-services.ts';
import { useMoveService } from '../api/move-service.ts';
import { groupByCategory } from '../group.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { ServiceForm } from './service-form.tsx';
import '../../../styles/services.css';
import { oneOf } from '../../../lib/options.ts';

type Editing = { service: ServiceItem | null } | null;

/** /admin/layanan: every service, with search, category filter, pages, order, add/edit/delete. */
export function ServiceAdmin() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ServiceCategory | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const limit = SERVICE_LIMITS.adminPageSize;
  const list = useServices({ q, category, page, limit });
  const move = useMoveService();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ServiceItem | null>(null);
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
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1;
  const fail = (err: unknown) =>
    setMessage({ kind: 'error', text: err instanceof ApiError ? err.message : 'Gagal.' });

  const focus = useMoveFocus('svc', list.data, move.isPending);
  const moveService = async (s: ServiceItem, direction: Direction) => {
    if (move.isPending) return;
    setMessage(undefined);
    focus.remember(s.id, direction);
    try {
      await move.mutateAsync({ id: s.id, direction });
    } catch (err) {
      focus.forget();
      fail(err);
    }
  };

  if (editing)
    return (
      <ServiceForm
        key={editing.service?.id ?? 'new'}
        service={editing.service}
        onCancel={() => setEditing(null)}
        onDone={(title) => {
          setEditing(null);
          setMessage({ kind: 'success', text: `Layanan "${title}" disimpan.` });
        }}
      />
    );

  return (
    <>
      <div className="svc-admin-head">
        <p className="field-hint">
          Layanan tampil di halaman Layanan per kategori, dalam urutan yang Anda atur di sini.
        </p>
        <button
          ref={addButton}
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setMessage(undefined);
            setEditing({ service: null });
          }}
        >
          Tambah Layanan
        </button>
      </div>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="svc-filters">
        <div className="field">
          <label htmlFor="adm-svc-q">Cari layanan</label>
          <input
            id="adm-svc-q"
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
          <label htmlFor="adm-svc-category">Kategori</label>
          <select
            id="adm-svc-category"
            value={category}
            onChange={(e) => {
              setCategory(oneOf(SERVICE_CATEGORIES, e.target.value));
              setPage(1);
            }}
          >
            <option value="">Semua kategori</option>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? <p role="status">Memuat...</p> : null}
      {list.isError ? <Alert kind="error">{list.error.message}</Alert> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="empty-state">
          {q || category
            ? 'Tidak ada layanan yang cocok.'
            : 'Belum ada layanan. Tekan "Tambah Layanan" untuk menambahkan yang pertama.'}
        </p>
      ) : null}
      {list.data
        ? groupByCategory(list.data.items).map((g) => (
            <section key={g.category} className="svc-admin-group" aria-label={g.category}>
              <h2>{g.category}</h2>
              <ul className="svc-admin-list">
                {g.items.map((s) => (
                  <li key={s.id} className="card svc-admin-row" aria-label={s.title}>
                    <div className="svc-admin-info">
                      <strong>{s.title}</strong>
                      {s.isExample ? <span className="badge badge-pending">Contoh</span> : null}
                      <p className="field-hint">
                        {s.link || 'Tanpa tautan'} · urutan {s.position} dari {s.siblings}
                      </p>
                    </div>
                    <div className="svc-admin-actions">
                      <MoveButtons
                        prefix="svc"
                        id={s.id}
                        name={s.title}
                        position={s.position}
                        count={s.siblings}
                        onMove={(direction) => void moveService(s, direction)}
                      />
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Ubah ${s.title}`}
                        onClick={() => {
                          setMessage(undefined);
                          setEditing({ service: s });
                        }}
                      >
                        Ubah
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-danger-outline"
                        aria-label={`Hapus ${s.title}`}
                        onClick={() => setDeleting(s)}
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
      <Pager page={page} pages={pages} label="Halaman layanan" onPage={setPage} />
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus layanan?"
        confirmLabel="Ya, Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const title = deleting.title;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setMessage({ kind: 'success', text: `Layanan "${title}" dihapus.` });
              addButton.current?.focus();
            },
            onError: fail,
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          "{deleting?.title}" akan dihapus dari halaman Layanan. Tindakan ini tidak dapat
          dibatalkan.
        </p>
      </ConfirmDialog>
    </>
  );
}
