import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { ACTIVITY_ROLES } from '../../../../shared/schemas/admins.ts';
import { Alert } from '../../../components/alert.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import {
  exportUrl,
  useActivity,
  useActivityOptions,
  type ActivityEntry,
  type ActivityFilter,
} from '../api/activity.ts';
import { actionLabel, entityLabel, entityLink, roleLabel } from '../labels.ts';
import '../../../styles/admin.css';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { idNumberFormat } from '../../../lib/number-format.ts';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['role', 'entityType', 'action', 'from', 'to', 'q'] as const;
const number = idNumberFormat();

const filterOf = (params: URLSearchParams): ActivityFilter => ({
  role: params.get('role') ?? '',
  entityType: params.get('entityType') ?? '',
  action: params.get('action') ?? '',
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
  q: params.get('q') ?? '',
});

function EntryRow({ e, isMaster }: { e: ActivityEntry; isMaster: boolean }) {
  const link = entityLink(e, isMaster);
  return (
    <tr>
      <td data-label="Waktu">
        <time dateTime={e.at}>{formatWib(e.at)}</time>
      </td>
      <td data-label="Pelaku">
        <strong>{e.actorName}</strong>{' '}
        <span className={`badge badge-role badge-role-${e.actorRole}`}>
          {roleLabel(e.actorRole)}
        </span>
      </td>
      <td data-label="Aktivitas">
        {e.summary}
        <span className="activity-action">
          {actionLabel(e.action)} · <code>{e.action}</code>
        </span>
      </td>
      <td data-label="Item">
        {entityLabel(e.entityType)}
        {e.entityId ? (
          <>
            {' '}
            <code className="activity-id" title={e.entityId}>
              {e.entityId.length > 13 ? `${e.entityId.slice(0, 8)}…` : e.entityId}
            </code>
          </>
        ) : null}
        {link ? (
          <>
            {' '}
            <Link to={link} aria-label={`Buka ${entityLabel(e.entityType)}`}>
              Buka
            </Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Histori Aktivitas: every change recorded in the audit log, with filters kept in the address (so a
 * filtered view can be shared and reloaded), search, pages and the CSV download of the same entries.
 */
export function ActivityHistory({ isMaster }: { isMaster: boolean }) {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const page = Math.max(1, Number(params.get('halaman')) || 1);
  // The search box updates the address after a pause in typing, not on every key.
  const [q, setQ] = useState(filter.q);
  const activity = useActivity(filter, page, PAGE_SIZE);
  const options = useActivityOptions();

  const update = (changes: Partial<ActivityFilter>, nextPage = 1) => {
    const next = { ...filter, ...changes };
    const out = new URLSearchParams();
    for (const k of FILTER_KEYS) if (next[k]) out.set(k, next[k]);
    if (nextPage > 1) out.set('halaman', String(nextPage));
    setParams(out, { replace: true });
  };

  useEffect(() => {
    if (q.trim() === filter.q.trim()) return;
    const timer = setTimeout(() => update({ q }), 350);
    return () => clearTimeout(timer);
  });

  const error = activity.error instanceof ApiError ? activity.error : null;
  const fieldError = (name: string) => error?.fields[name];
  const total = activity.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = FILTER_KEYS.some((k) => filter[k]);

  return (
    <section aria-labelledby="daftar-aktivitas">
      <h2 id="daftar-aktivitas" className="visually-hidden">
        Daftar aktivitas
      </h2>
      <form
        method="post"
        className="activity-filters"
        role="search"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field activity-search">
          <label htmlFor="a-q">Cari ringkasan atau nama pelaku</label>
          <input
            id="a-q"
            type="search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
            aria-invalid={fieldError('q') ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="a-role">Peran pelaku</label>
          <select
            id="a-role"
            value={filter.role}
            onChange={(e) => update({ role: e.target.value })}
          >
            <option value="">Semua peran</option>
            {ACTIVITY_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-type">Jenis item</label>
          <select
            id="a-type"
            value={filter.entityType}
            onChange={(e) => update({ entityType: e.target.value })}
          >
            <option value="">Semua jenis</option>
            {(options.data?.entityTypes ?? []).map((t) => (
              <option key={t} value={t}>
                {entityLabel(t)}
              </option>
            ))}
          </select>
        </div>
        <div className="field activity-action-field">
          <label htmlFor="a-action">Aksi</label>
          <select
            id="a-action"
            value={filter.action}
            onChange={(e) => update({ action: e.target.value })}
          >
            <option value="">Semua aksi</option>
            {(options.data?.actions ?? [])
              .filter((a) => !filter.entityType || a.startsWith(`${filter.entityType}.`))
              .map((a) => (
                <option key={a} value={a}>
                  {actionLabel(a)}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-from">Dari tanggal</label>
          <input
            id="a-from"
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(e) => update({ from: e.target.value })}
            aria-invalid={fieldError('from') ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="a-to">Sampai tanggal</label>
          <input
            id="a-to"
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(e) => update({ to: e.target.value })}
            aria-invalid={fieldError('to') ? true : undefined}
            aria-describedby={fieldError('to') ? 'a-to-error' : undefined}
          />
          {fieldError('to') ? (
            <p className="field-error" id="a-to-error" role="alert">
              {fieldError('to')}
            </p>
          ) : null}
        </div>
      </form>
      <div className="activity-toolbar">
        <p role="status" aria-live="polite">
          {activity.data ? `${number.format(total)} aktivitas${filtered ? ' cocok' : ''}` : ''}
        </p>
        <div className="activity-toolbar-actions">
          {filtered ? (
            <button
              type="button"
              className="btn btn-outline btn-compact"
              onClick={() => {
                setQ('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Hapus Filter
            </button>
          ) : null}
          <a className="btn btn-outline btn-compact" href={exportUrl(filter)} download>
            Unduh CSV
          </a>
        </div>
      </div>
      {activity.isPending ? <p role="status">Memuat...</p> : null}
      {activity.isError ? (
        <Alert kind="error">{error?.message ?? 'Gagal memuat histori aktivitas.'}</Alert>
      ) : null}
      {activity.data && activity.data.items.length === 0 ? (
        <p className="empty-state">
          {filtered
            ? 'Tidak ada aktivitas yang cocok. Ubah atau hapus filter untuk melihat aktivitas lain.'
            : 'Belum ada aktivitas. Setiap perubahan oleh admin dan panitia akan tercatat di sini.'}
        </p>
      ) : null}
      {activity.data && activity.data.items.length > 0 ? (
        <TableWrap label="Tabel histori aktivitas">
          <table className="table activity-table">
            <caption className="visually-hidden">
              Aktivitas, terbaru lebih dulu, halaman {page} dari {pages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Waktu (WIB)</th>
                <th scope="col">Pelaku</th>
                <th scope="col">Aktivitas</th>
                <th scope="col">Item</th>
              </tr>
            </thead>
            <tbody>
              {activity.data.items.map((e) => (
                <EntryRow key={e.seq} e={e} isMaster={isMaster} />
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pager
        page={Math.min(page, pages)}
        pages={pages}
        label="Halaman histori aktivitas"
        onPage={(p) => update({}, p)}
      />
    </section>
  );
}
