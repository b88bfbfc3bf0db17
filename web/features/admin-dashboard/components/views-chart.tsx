import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import { longDay, number, shortDay } from '../format.ts';

// This module is loaded lazily by the dashboard alone: chart.js never reaches the main bundle.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The product's colours from the stylesheet (a canvas cannot use var()). */
function readPalette() {
  const root = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => root.getPropertyValue(name).trim() || fallback;
  return {
    bar: v('--navy-700', '#17407a'),
    barHover: v('--blue-600', '#1d5fbf'),
    ink: v('--ink', '#14213d'),
    inkSoft: v('--ink-soft', '#4a5568'),
    line: v('--line', '#d8dee9'),
    tooltip: v('--navy-900', '#0a1f3c'),
    family: getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif',
  };
}

/**
 * Page views per day as a bar chart. For assistive technology the canvas is one image named with
 * the total and the busiest day; the table below the chart is the exact source.
 */
export default function ViewsChart({ days }: { days: { day: string; views: number }[] }) {
  const [palette] = useState(readPalette);
  const data = useMemo<ChartData<'bar', number[], string>>(
    () => ({
      labels: days.map((d) => shortDay(d.day)),
      datasets: [
        {
          label: 'Kunjungan',
          data: days.map((d) => d.views),
          backgroundColor: palette.bar,
          hoverBackgroundColor: palette.barHover,
          borderRadius: 3,
          maxBarThickness: 22,
        },
      ],
    }),
    [days, palette],
  );
  const options = useMemo<ChartOptions<'bar'>>(() => {
    const small = { family: palette.family, size: 11 };
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale: 'id-ID',
      scales: {
        x: {
          grid: { display: false },
          border: { color: palette.line },
          ticks: { color: palette.inkSoft, font: small, maxRotation: 0, autoSkipPadding: 8 },
        },
        y: {
          beginAtZero: true,
          grid: { color: palette.line },
          border: { display: false },
          ticks: { precision: 0, color: palette.inkSoft, font: small },
        },
      },
      plugins: {
        tooltip: {
          backgroundColor: palette.tooltip,
          displayColors: false,
          callbacks: {
            title: (items) => longDay(days[items[0]?.dataIndex ?? 0]?.day ?? ''),
            label: (item) => `${number.format(item.parsed.y ?? 0)} kunjungan`,
          },
        },
      },
    };
  }, [palette, days]);

  const total = days.reduce((s, d) => s + d.views, 0);
  const busiest = days.reduce((best, d) => (d.views > best.views ? d : best), days[0]!);
  const label =
    total === 0
      ? 'Grafik kunjungan per hari: belum ada kunjungan dalam 30 hari terakhir.'
      : `Grafik kunjungan per hari selama 30 hari terakhir: ${number.format(total)} kunjungan, terbanyak ${number.format(busiest.views)} pada ${longDay(busiest.day)}. Angka lengkap ada pada tabel kunjungan per hari.`;

  return (
    <div className="views-chart">
      <Chart
        type="bar"
        data={data}
        options={options}
        role="img"
        aria-label={label}
        fallbackContent={<p>{label}</p>}
      />
    </div>
  );
}
