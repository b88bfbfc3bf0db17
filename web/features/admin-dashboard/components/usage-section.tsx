import { lazy, Suspense } from 'react';
import { Link } from '../../../components/link.tsx';
import { VITAL_THRESHOLDS, type VitalName } from '../../../../shared/page-paths.ts';
import { Alert } from '../../../components/alert.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useUsage, type VitalRow } from '../api/dashboard.ts';
import { formatVital, mediumDay, number } from '../format.ts';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { ClientOnly } from '../../../components/client-only.tsx';

const ViewsChart = lazy(() => import('./views-chart.tsx'));

/** Each measure named in Indonesian, with the standard's abbreviation and what it tells. */
const VITALS: Record<VitalName, { name: string; info: string }> = {
  LCP: { name: 'Konten utama tampil', info: 'kapan bagian terbesar halaman selesai tampil' },
  INP: { name: 'Tanggapan halaman', info: 'seberapa cepat halaman menanggapi klik dan ketikan' },
  CLS: { name: 'Pergeseran tata letak', info: 'seberapa banyak isi halaman bergeser saat dimuat' },
  FCP: { name: 'Konten pertama tampil', info: 'kapan isi pertama halaman tampil' },
  TTFB: { name: 'Jawaban server', info: 'kapan server mulai mengirim halaman' },
};
const RATING = {
  good: ['Baik', 'badge-ok'],
  'needs-improvement': ['Perlu perbaikan', 'badge-pending'],
  poor: ['Buruk', 'badge-bad'],
} as const;

function VitalsTable({ vitals }: { vitals: VitalRow[] }) {
  return (
    <TableWrap label="Tabel kecepatan situs">
      <table className="table vitals-table">
        <caption>
          Kecepatan situs menurut peramban pengunjung: persentil ke-75 (p75) selama 30 hari terakhir
        </caption>
        <thead>
          <tr>
            <th scope="col">Metrik</th>
            <th scope="col">p75</th>
            <th scope="col">Sampel</th>
            <th scope="col">Penilaian</th>
          </tr>
        </thead>
        <tbody>
          {vitals.map((v) => {
            const t = VITAL_THRESHOLDS[v.name];
            const [label, tone] = v.rating ? RATING[v.rating] : ['Belum ada data', 'badge-neutral'];
            return (
              <tr key={v.name}>
                <th scope="row">
                  {VITALS[v.name].name} <abbr className="vital-abbr">({v.name})</abbr>
                  <span className="vital-info">{VITALS[v.name].info}</span>
                  <span className="vital-info">
                    Baik ≤ {formatVital(v.name, t.good)}; buruk &gt; {formatVital(v.name, t.poor)}
                  </span>
                </th>
                <td data-label="p75" className="vital-value">
                  {v.p75 === null ? '–' : formatVital(v.name, v.p75)}
                </td>
                <td data-label="Sampel">{number.format(v.samples)}</td>
                <td data-label="Penilaian">
                  <span className={`badge ${tone}`}>{label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** Usage counted first-party: views per day (chart + table), the most read pages, web-vitals. */
export function UsageSection() {
  const usage = useUsage();
  return (
    <section className="card dashboard-section" aria-labelledby="penggunaan">
      <h2 id="penggunaan">Kunjungan Situs</h2>
      <p className="field-hint">
        30 hari terakhir. Dihitung oleh situs sendiri, tanpa skrip pihak ketiga, tanpa alamat IP dan
        tanpa cookie; halaman admin dan panitia tidak dihitung.
      </p>
      {usage.isPending ? <p role="status">Memuat...</p> : null}
      {usage.isError ? (
        <Alert kind="error">
          {usage.error instanceof ApiError ? usage.error.message : 'Gagal memuat data kunjungan.'}
        </Alert>
      ) : null}
      {usage.data ? (
        <>
          <p className="usage-total">
            <strong>{number.format(usage.data.totalViews)}</strong> kunjungan halaman
          </p>
          {usage.data.totalViews === 0 ? (
            <p className="empty-state">
              Belum ada kunjungan tercatat. Kunjungan dihitung setiap kali pengunjung membuka
              halaman publik, misalnya Beranda atau Berita.
            </p>
          ) : (
            <ClientOnly fallback={<p role="status">Memuat grafik...</p>}>
              <Suspense fallback={<p role="status">Memuat grafik...</p>}>
                <ViewsChart days={usage.data.days} />
              </Suspense>
            </ClientOnly>
          )}
          <details className="usage-details">
            <summary>Tabel kunjungan per hari</summary>
            <TableWrap label="Tabel kunjungan per hari">
              <table className="table">
                <caption className="visually-hidden">Kunjungan halaman per hari (WIB)</caption>
                <thead>
                  <tr>
                    <th scope="col">Tanggal</th>
                    <th scope="col">Kunjungan</th>
                  </tr>
                </thead>
                <tbody>
                  {[...usage.data.days].reverse().map((d) => (
                    <tr key={d.day}>
                      <td>{mediumDay(d.day)}</td>
                      <td>{number.format(d.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </details>

          <h3>Halaman Terpopuler</h3>
          {usage.data.topPages.length ? (
            <TableWrap label="Tabel halaman terpopuler">
              <table className="table top-pages">
                <caption className="visually-hidden">
                  Sepuluh halaman yang paling banyak dibuka
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Halaman</th>
                    <th scope="col">Kunjungan</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.data.topPages.map((p) => (
                    <tr key={p.path}>
                      <td>
                        <Link to={p.path}>{p.title}</Link>
                        <span className="page-path field-hint">
                          {decodeURIComponentSafe(p.path)}
                        </span>
                      </td>
                      <td>{number.format(p.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : (
            <p className="empty-state">Belum ada halaman yang dibuka.</p>
          )}

          <h3>Kecepatan Situs (Web Vitals)</h3>
          <VitalsTable vitals={usage.data.vitals} />
        </>
      ) : null}
    </section>
  );
}

function decodeURIComponentSafe(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
