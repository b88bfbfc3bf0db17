import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import {
  useCurrentStructure,
  usePeriod,
  usePeriods,
  type PeriodSummary,
} from '../api/structure-queries.ts';
import { OrgChart } from './org-chart.tsx';

/**
 * A period as its option reads: years and cabinet, short enough for a phone's select (the chart
 * below says which period it shows; the current one is the default).
 */
export const periodOptionLabel = (p: PeriodSummary) => `${p.label} · ${p.cabinetName}`;

/**
 * /struktur: the chart of the period in ?periode= (by default the current one) and a select
 * "Periode" listing every period, newest first.
 */
export function StructureView() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('periode');
  const periods = usePeriods();
  const current = useCurrentStructure();
  const picked = usePeriod(chosen);
  const selectId = useId();

  if (periods.isPending || (chosen ? picked.isPending : current.isPending))
    return <p role="status">Memuat...</p>;
  if (periods.isError) return <Alert kind="error">{periods.error.message}</Alert>;
  if (periods.data.items.length === 0)
    return (
      <p className="empty-state org-empty">
        Struktur organisasi belum diisi. Pengurus BEM sedang menyiapkannya; silakan kembali lagi
        nanti.
      </p>
    );

  const detail = chosen ? picked.data : current.data?.structure;
  const error = chosen ? picked.error : current.error;
  const selected = chosen ?? detail?.period.id ?? '';
  return (
    <>
      <div className="field org-period-select">
        <label htmlFor={selectId}>Periode</label>
        <select
          id={selectId}
          value={selected}
          onChange={(e) => setParams(e.target.value ? { periode: e.target.value } : {})}
        >
          {chosen && !periods.data.items.some((p) => p.id === chosen) ? (
            <option value={chosen}>Periode tidak dikenal</option>
          ) : null}
          {periods.data.items.map((p) => (
            <option key={p.id} value={p.id}>
              {periodOptionLabel(p)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <Alert kind="error">
          {error instanceof ApiError && error.status === 404
            ? 'Periode tidak ditemukan. '
            : `${error.message} `}
          <Link to="?">Tampilkan periode aktif</Link>
        </Alert>
      ) : detail ? (
        <OrgChart detail={detail} />
      ) : null}
    </>
  );
}
