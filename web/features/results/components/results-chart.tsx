import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
  type Scale,
} from 'chart.js';
import { useMemo, useState, type CSSProperties } from 'react';
import { Chart } from 'react-chartjs-2';
import { formatPercent } from '../../../lib/wib.ts';
import type { ResultsResponse } from '../api/results.ts';
import '../../../styles/results-chart.css';

// Only what a horizontal bar chart with tooltips needs; this module is reached from /hasil alone.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

type ResultOption = Extract<ResultsResponse, { sealed: false }>['results']['options'][number];

/** One bar: its category, its count, and the texts drawn at its end (wide and narrow canvas). */
type Point = { label: string; votes: number; long: string; short: string };

/** Below this canvas width the value beside a bar drops the word "suara" (the axis title says it). */
const NARROW = 480;
const TICK_SIZE = 13;
const VALUE_SIZE = 13;

/** The product's colours, read from the stylesheet's custom properties (a canvas cannot use var()). */
function readPalette() {
  const root = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => root.getPropertyValue(name).trim() || fallback;
  return {
    bar: v('--navy-700', '#17407a'),
    winner: v('--amber-500', '#f2b705'),
    winnerEdge: v('--navy-900', '#0a1f3c'),
    ink: v('--ink', '#14213d'),
    inkSoft: v('--ink-soft', '#4a5568'),
    line: v('--line', '#d8dee9'),
    tooltip: v('--navy-900', '#0a1f3c'),
    font: getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif',
  };
}
type Palette = ReturnType<typeof readPalette>;

const votesText = (o: ResultOption) => `${o.votes} suara (${formatPercent(o.percent)})`;

/** Splits a label into lines no wider than maxWidth (a word too long for a line is cut by letters). */
function wrapLabel(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const fits = (s: string) => ctx.measureText(s).width <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

const pointsOf = (chart: ChartJS) => (chart.data.datasets[0]?.data ?? []) as unknown as Point[];
const valueFont = (p: Palette) => `600 ${VALUE_SIZE}px ${p.font}`;

/** Room on the right for the longest value text, so every bar's count fits beside its end. */
function valueRoom(chart: ChartJS, palette: Palette): number {
  const { ctx } = chart;
  ctx.save();
  ctx.font = valueFont(palette);
  const narrow = chart.width < NARROW;
  const widest = Math.max(
    0,
    ...pointsOf(chart).map((p) => ctx.measureText(narrow ? p.short : p.long).width),
  );
  ctx.restore();
  return Math.ceil(widest) + 14;
}

/** Draws each bar's count and share just past its end. */
function valueLabels(palette: Palette): Plugin<'bar'> {
  return {
    id: 'resultValues',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const points = pointsOf(chart as unknown as ChartJS);
      const narrow = chart.width < NARROW;
      ctx.save();
      ctx.font = valueFont(palette);
      ctx.fillStyle = palette.ink;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      chart.getDatasetMeta(0).data.forEach((bar, i) => {
        const p = points[i];
        if (!p) return;
        const { x, y } = bar.getProps(['x', 'y'], true) as { x: number; y: number };
        ctx.fillText(narrow ? p.short : p.long, x + 8, y);
      });
      ctx.restore();
    },
  };
}

/**
 * Votes per option as a horizontal bar chart (chart.js on a canvas). The canvas is one image for
 * assistive technology, named with every count; the table beside it stays the exact source.
 */
export function ResultsChart({
  options,
  winner,
}: {
  options: ResultOption[];
  winner: string | null;
}) {
  const [palette] = useState(readPalette);
  const [plugins] = useState(() => [valueLabels(palette)]);

  const data = useMemo<ChartData<'bar', Point[], string>>(
    () => ({
      labels: options.map((o) => o.label),
      datasets: [
        {
          label: 'Suara',
          data: options.map((o) => ({
            label: o.label,
            votes: o.votes,
            long: votesText(o),
            short: `${o.votes} (${formatPercent(o.percent)})`,
          })),
          parsing: { xAxisKey: 'votes', yAxisKey: 'label' },
          backgroundColor: options.map((o) => (o.choice === winner ? palette.winner : palette.bar)),
          borderColor: options.map((o) => (o.choice === winner ? palette.winnerEdge : palette.bar)),
          borderWidth: options.map((o) => (o.choice === winner ? 2 : 0)),
          borderSkipped: 'start',
          borderRadius: 4,
          maxBarThickness: 32,
          barPercentage: 0.8,
          categoryPercentage: 0.8,
        },
      ],
    }),
    [options, winner, palette],
  );

  const chartOptions = useMemo<ChartOptions<'bar'>>(() => {
    const tickFont = { family: palette.font, size: TICK_SIZE, weight: 600 as const };
    return {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      // A results page needs no motion; this also honours prefers-reduced-motion.
      animation: false,
      locale: 'id-ID',
      layout: { padding: ({ chart }) => ({ top: 4, right: valueRoom(chart, palette) }) },
      interaction: { mode: 'index', axis: 'y', intersect: false },
      scales: {
        x: {
          beginAtZero: true,
          grace: 0,
          ticks: { precision: 0, color: palette.inkSoft, font: { family: palette.font, size: 12 } },
          grid: { color: palette.line },
          border: { color: palette.line },
          title: {
            display: true,
            text: 'Jumlah suara',
            color: palette.inkSoft,
            font: { family: palette.font, size: 12 },
          },
        },
        y: {
          grid: { display: false },
          border: { color: palette.line },
          ticks: {
            color: palette.ink,
            font: tickFont,
            crossAlign: 'far',
            autoSkip: false,
            callback(this: Scale, value) {
              const label = this.getLabelForValue(Number(value));
              const { ctx, width } = this.chart;
              const max = Math.max(90, Math.floor(width * (width < NARROW ? 0.4 : 0.34)));
              ctx.save();
              ctx.font = `${tickFont.weight} ${tickFont.size}px ${tickFont.family}`;
              const lines = wrapLabel(ctx, label, max);
              ctx.restore();
              return lines;
            },
          },
        },
      },
      plugins: {
        tooltip: {
          backgroundColor: palette.tooltip,
          titleFont: { family: palette.font, size: 13, weight: 'bold' },
          bodyFont: { family: palette.font, size: 13 },
          displayColors: false,
          callbacks: {
            label: (item) => (item.raw as Point).long,
          },
        },
      },
    };
  }, [palette]);

  const summary = options.map((o) => `${o.label}: ${votesText(o)}`).join('; ');
  const style = { '--result-rows': Math.max(options.length, 1) } as CSSProperties;

  return (
    <div className="results-chart" style={style}>
      <Chart
        type="bar"
        data={data}
        options={chartOptions}
        plugins={plugins}
        role="img"
        aria-label={`Grafik perolehan suara: ${summary}. Angka lengkap ada pada tabel di bawah.`}
        fallbackContent={
          <ul>
            {options.map((o) => (
              <li key={o.choice} className="result-label">
                {o.label}: {votesText(o)}
              </li>
            ))}
          </ul>
        }
      />
    </div>
  );
}
