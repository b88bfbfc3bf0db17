import { useState } from 'react';
import { SERVICE_LIMITS } from '../../../../shared/services.ts';
import { Alert } from '../../../components/alert.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useServices } from '../api/list-services.ts';
import { groupByCategory, slug } from '../group.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { ServiceCard } from './service-card.tsx';
import '../../../styles/services.css';

/** /layanan: the services, grouped by category, with a search box. */
export function ServiceDirectory() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const limit = SERVICE_LIMITS.publicPageSize;
  const list = useServices({ q, category: '', page, limit });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1;
  return (
    <>
      <form method="post" className="svc-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="svc-q">Cari layanan</label>
          <input
            id="svc-q"
            type="search"
            placeholder="Misalnya: beasiswa, peminjaman, konseling"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </form>
      {list.isPending ? <p role="status">Memuat...</p> : null}
      {list.isError ? (
        <Alert kind="error">
          {list.error.message}{' '}
          <button
            type="button"
            className="btn btn-outline btn-compact"
            onClick={() => list.refetch()}
          >
            Coba lagi
          </button>
        </Alert>
      ) : null}
      {list.data ? (
        <>
          {q ? (
            <p className="svc-count" role="status">
              {list.data.total} layanan cocok
            </p>
          ) : null}
          {list.data.items.length === 0 ? (
            <div className="card svc-empty">
              {q ? (
                <>
                  <p>Tidak ada layanan yang cocok dengan "{q}".</p>
                  <button type="button" className="btn btn-outline" onClick={() => setSearch('')}>
                    Hapus pencarian
                  </button>
                </>
              ) : (
                <p>
                  Belum ada layanan yang tercantum. Untuk sementara, hubungi sekretariat BEM secara
                  langsung.
                </p>
              )}
            </div>
          ) : (
            groupByCategory(list.data.items).map((g) => (
              <section
                key={g.category}
                className="svc-group"
                aria-labelledby={`svc-cat-${slug(g.category)}`}
              >
                <h2 id={`svc-cat-${slug(g.category)}`}>{g.category}</h2>
                <ul className="svc-grid">
                  {g.items.map((s) => (
                    <ServiceCard key={s.id} service={s} />
                  ))}
                </ul>
              </section>
            ))
          )}
          <Pager page={page} pages={pages} label="Halaman layanan" onPage={setPage} />
        </>
      ) : null}
    </>
  );
}
