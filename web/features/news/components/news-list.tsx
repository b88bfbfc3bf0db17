import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  type ArticleCategory,
} from '../../../../shared/articles.ts';
import { Alert } from '../../../components/alert.tsx';
import { Pager } from '../../../components/pager.tsx';
import '../../../styles/news.css';
import { useArticles, type NewsFilter } from '../api/public.ts';
import { ArticleCard } from './article-card.tsx';

const isCategory = (v: string | null): v is ArticleCategory =>
  (ARTICLE_CATEGORIES as readonly string[]).includes(v ?? '');

/** The filter lives in the address (?q=, ?kategori=, ?halaman=) so a search can be shared. */
function useNewsFilter(): [NewsFilter, (next: Partial<NewsFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const category = params.get('kategori');
  const page = Number(params.get('halaman'));
  const filter: NewsFilter = {
    q: params.get('q') ?? '',
    category: isCategory(category) ? category : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const set = (next: Partial<NewsFilter>) => {
    const v = { ...filter, page: 1, ...next };
    const out = new URLSearchParams();
    if (v.q.trim()) out.set('q', v.q.trim());
    if (v.category) out.set('kategori', v.category);
    if (v.page > 1) out.set('halaman', String(v.page));
    setParams(out);
  };
  return [filter, set];
}

/** /berita: published articles with search, a category filter and pages. */
export function NewsList() {
  const [filter, setFilter] = useNewsFilter();
  const [q, setQ] = useState(filter.q);
  // The address changed (back button, a link): the search box follows it.
  const [shownQ, setShownQ] = useState(filter.q);
  if (shownQ !== filter.q) {
    setShownQ(filter.q);
    setQ(filter.q);
  }
  const articles = useArticles(filter, ARTICLE_LIMITS.pageSize);
  const pages = articles.data
    ? Math.max(1, Math.ceil(articles.data.total / ARTICLE_LIMITS.pageSize))
    : 1;
  const filtered = filter.q !== '' || filter.category !== '';
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ q });
  };
  return (
    <>
      <form method="post" className="news-filters" role="search" onSubmit={search}>
        <div className="field news-search">
          <label htmlFor="news-q">Cari berita</label>
          <div className="news-search-row">
            <input
              id="news-q"
              type="search"
              value={q}
              maxLength={100}
              placeholder="Judul atau ringkasan"
              onChange={(e) => setQ(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              Cari
            </button>
          </div>
        </div>
        <div className="field">
          <label htmlFor="news-category">Kategori</label>
          <select
            id="news-category"
            value={filter.category}
            onChange={(e) => setFilter({ q, category: e.target.value as NewsFilter['category'] })}
          >
            <option value="">Semua kategori</option>
            {ARTICLE_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
      </form>
      {articles.isPending ? <p role="status">Memuat...</p> : null}
      {articles.isError ? <Alert kind="error">{articles.error.message}</Alert> : null}
      {articles.data ? (
        <p className="news-count" role="status">
          {articles.data.total === 0
            ? ''
            : `${articles.data.total} berita${filtered ? ' ditemukan' : ''}`}
        </p>
      ) : null}
      {articles.data && articles.data.items.length === 0 ? (
        <div className="empty-state news-empty">
          {filtered ? (
            <>
              <p>Tidak ada berita yang cocok dengan pencarian ini.</p>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  setQ('');
                  setFilter({ q: '', category: '' });
                }}
              >
                Tampilkan semua berita
              </button>
            </>
          ) : (
            <p>Belum ada berita yang diterbitkan. Nantikan kabar terbaru dari BEM di sini.</p>
          )}
        </div>
      ) : null}
      {articles.data?.items.length ? (
        <ul className="news-grid" aria-label="Daftar berita">
          {articles.data.items.map((a, i) => (
            <ArticleCard key={a.slug} article={a} headingLevel={2} priority={i === 0} />
          ))}
        </ul>
      ) : null}
      <Pager
        page={filter.page}
        pages={pages}
        label="Halaman daftar berita"
        onPage={(page) => {
          setFilter({ q: filter.q, category: filter.category, page });
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
