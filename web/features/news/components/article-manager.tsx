import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import type { ArticleState } from '../../../../shared/articles.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LogoMark } from '../../../components/logo.tsx';
import { Pager } from '../../../components/pager.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import '../../../styles/news.css';
import {
  useAdminArticles,
  useDeleteArticle,
  useSetPublication,
  type AdminArticleRow,
  type AdminFilter,
} from '../api/admin.ts';
import { ArticleEditor } from './article-editor.tsx';

const STATE_LABEL: Record<ArticleState, [string, string]> = {
  draft: ['Draf', 'neutral'],
  scheduled: ['Terjadwal', 'pending'],
  published: ['Terbit', 'ok'],
};
const PAGE_SIZE = 20;

type Message = { kind: 'success' | 'error'; text: string };

/**
 * Kelola Berita: every article (drafts, scheduled, published) with search, a state filter and
 * pages; write, edit, preview, publish, schedule, take off the site and delete (confirmed).
 * The editor opens at ?tulis=baru or ?ubah={id}.
 */
export function ArticleManager() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('ubah');
  const writing = params.get('tulis') === 'baru';
  const [message, setMessage] = useState<Message>();

  const close = (text?: string) => {
    setParams({});
    setMessage(text ? { kind: 'success', text } : undefined);
    window.scrollTo({ top: 0 });
  };

  if (writing || editing)
    return (
      <ArticleEditor
        key={editing ?? 'baru'}
        id={editing}
        onDone={(text) => close(text)}
        onCancel={() => close()}
      />
    );
  return (
    <ArticleList
      message={message}
      setMessage={setMessage}
      onWrite={() => {
        setMessage(undefined);
        setParams({ tulis: 'baru' });
      }}
      onEdit={(id) => {
        setMessage(undefined);
        setParams({ ubah: id });
      }}
    />
  );
}

function ArticleList({
  message,
  setMessage,
  onWrite,
  onEdit,
}: {
  message: Message | undefined;
  setMessage: (m: Message | undefined) => void;
  onWrite: () => void;
  onEdit: (id: string) => void;
}) {
  const [f, setF] = useState<AdminFilter>({ q: '', state: '', page: 1 });
  const list = useAdminArticles(f);
  const publication = useSetPublication();
  const remove = useDeleteArticle();
  const [deleting, setDeleting] = useState<AdminArticleRow | null>(null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const fail = (err: unknown) =>
    setMessage({
      kind: 'error',
      text: err instanceof ApiError ? err.message : 'Terjadi kesalahan. Silakan coba lagi.',
    });
  const counts = list.data?.counts;
  const filtered = f.q.trim() !== '' || f.state !== '';

  return (
    <>
      <div className="panel-head">
        <p className="field-hint">
          {counts
            ? `Terbit ${counts.published} · Terjadwal ${counts.scheduled} · Draf ${counts.draft}`
            : null}
        </p>
        <button type="button" className="btn btn-primary" onClick={onWrite}>
          Tambah Berita
        </button>
      </div>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="filters news-admin-filters">
        <div className="field">
          <label htmlFor="news-admin-q">Cari judul atau ringkasan</label>
          <input
            id="news-admin-q"
            type="search"
            value={f.q}
            maxLength={100}
            onChange={(e) => setF({ ...f, q: e.target.value, page: 1 })}
          />
        </div>
        <div className="field">
          <label htmlFor="news-admin-state">Status</label>
          <select
            id="news-admin-state"
            value={f.state}
            onChange={(e) => setF({ ...f, state: e.target.value as AdminFilter['state'], page: 1 })}
          >
            <option value="">Semua</option>
            <option value="draft">Draf</option>
            <option value="scheduled">Terjadwal</option>
            <option value="published">Terbit</option>
          </select>
        </div>
      </div>
      {list.isPending ? <p role="status">Memuat...</p> : null}
      {list.isError ? <Alert kind="error">{list.error.message}</Alert> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="empty-state">
          {filtered
            ? 'Tidak ada berita yang cocok. Ubah kata kunci atau pilih status Semua.'
            : 'Belum ada berita. Tekan "Tambah Berita" untuk menulis yang pertama.'}
        </p>
      ) : null}
      <ul className="news-admin-list">
        {list.data?.items.map((a) => {
          const [label, tone] = STATE_LABEL[a.state];
          return (
            <li key={a.id} className="card news-admin-item" aria-labelledby={`news-${a.id}`}>
              <div className="news-admin-thumb" aria-hidden="true">
                {a.coverSmallUrl ? (
                  <img src={a.coverSmallUrl} alt="" loading="lazy" />
                ) : (
                  <LogoMark size={40} />
                )}
              </div>
              <div className="news-admin-main">
                <h2 className="news-admin-title" id={`news-${a.id}`}>
                  {a.title}
                </h2>
                <p className="field-hint">
                  <span className={`badge badge-${tone}`}>{label}</span> {a.category} ·{' '}
                  {a.state === 'draft'
                    ? `diubah ${formatWib(a.updatedAt)}`
                    : a.state === 'scheduled'
                      ? `tampil ${formatWib(a.publishedAt!)}`
                      : `terbit ${formatWib(a.publishedAt!)}`}
                  {a.isExample ? ' · contoh' : ''}
                </p>
              </div>
              <div className="news-admin-actions">
                <button
                  type="button"
                  className="btn btn-outline btn-compact"
                  onClick={() => onEdit(a.id)}
                >
                  Ubah<span className="visually-hidden"> {a.title}</span>
                </button>
                {a.state === 'published' ? (
                  <Link className="btn btn-outline btn-compact" to={paths.artikel(a.slug)}>
                    Lihat<span className="visually-hidden"> {a.title}</span>
                  </Link>
                ) : null}
                {a.state === 'draft' ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-compact"
                    disabled={publication.isPending}
                    onClick={() =>
                      publication.mutate(
                        { id: a.id, action: 'publish' },
                        {
                          onSuccess: (p) =>
                            setMessage({
                              kind: 'success',
                              text: `Berita "${p.title}" diterbitkan.`,
                            }),
                          onError: fail,
                        },
                      )
                    }
                  >
                    Terbitkan<span className="visually-hidden"> {a.title}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline btn-compact"
                    disabled={publication.isPending}
                    onClick={() =>
                      publication.mutate(
                        { id: a.id, action: 'draft' },
                        {
                          onSuccess: (p) =>
                            setMessage({
                              kind: 'success',
                              text: `Berita "${p.title}" ditarik dari situs dan kembali menjadi draf.`,
                            }),
                          onError: fail,
                        },
                      )
                    }
                  >
                    Tarik ke Draf<span className="visually-hidden"> {a.title}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline btn-danger-outline btn-compact"
                  onClick={() => setDeleting(a)}
                >
                  Hapus<span className="visually-hidden"> {a.title}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager
        page={f.page}
        pages={pages}
        label="Halaman daftar berita"
        onPage={(page) => setF({ ...f, page })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus berita?"
        confirmLabel="Ya, Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setMessage({ kind: 'success', text: `Berita "${deleting.title}" dihapus.` });
              setDeleting(null);
            },
            onError: (err) => {
              setDeleting(null);
              fail(err);
            },
          })
        }
      >
        <p>
          "{deleting?.title}" akan dihapus permanen dan alamatnya tidak lagi dapat dibuka. Tindakan
          ini tidak dapat dibatalkan.
        </p>
      </ConfirmDialog>
    </>
  );
}
