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
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { Chart } from 'react-chartjs-2';
import { formatPercent } from '../../../lib/number-format.ts';
import type { ResultsResponse } from '../api/results.ts';
import '../../../styles/results-chart.css';

// Only what a horizontal bar chart with tooltips needs; this module is reached from /hasil alone.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

type ResultOption = Extract<ResultsResponse, { sealed: false }>['results']['options'][number];

/** One bar: its category, its count, the text drawn past its end, and its label cut into lines. */
type Point = { label: string; votes: number; text: string; lines: string[] };

/** Below this width (a phone) each label goes above its bar, across the whole width. */
const STACK_BELOW = 520;
/** Bar thickness, label line height and font size, and the room under the bars for the x axis. */
const BAR = 26;
const LINE = 17;
const FONT_SIZE = 13;
const AXIS = 46;

/** The product's colours, read from the stylesheet's custom properties (a canvas cannot use var()). */
function readPalette() {
  const root = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => root.getPropertyValue(name).trim() || fallback;
  return {
    bar: v('--navy-700', '#17407a'),
    barHover: v('--blue-600', '#1d5fbf'),
    winner: v('--amber-500', '#f2b705'),
    winnerHover: v('--amber-600', '#d99e00'),
    winnerEdge: v('--navy-900', '#0a1f3c'),
    ink: v('--ink', '#14213d'),
    inkSoft: v('--ink-soft', '#4a5568'),
    line: v('--line', '#d8dee9'),
    tooltip: v('--navy-900', '#0a1f3c'),
    family: getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif',
  };
}
type Palette = ReturnType<typeof readPalette>;

const votesText = (o: ResultOption) => `${o.votes} suara (${formatPercent(o.percent)})`;
const labelFont = (p: Palette) => `600 ${FONT_SIZE}px ${p.family}`;

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

/** The content width of an element, kept current as it resizes (0 until it is mounted). */
function useWidth(el: HTMLElement | null): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!el) return () => {};
      const observer = new ResizeObserver(onChange);
      observer.observe(el);
      return () => observer.disconnect();
    },
    [el],
  );
  return useSyncExternalStore(
    subscribe,
    () => el?.clientWidth ?? 0,
    () => 0,
  );
}

const pointsOf = (chart: { data: ChartData<'bar', Point[], string> }) =>
  chart.data.datasets[0]?.data ?? [];

/** Room on the right for the longest count text, so every bar's count fits beside its end. */
function valueRoom(chart: ChartJS, palette: Palette): number {
  const { ctx } = chart;
  ctx.save();
  ctx.font = labelFont(palette);
  const points = pointsOf(chart as unknown as ChartJS<'bar', Point[], string>);
  const widest = Math.max(0, ...points.map((p) => ctx.measureText(p.text).width));
  ctx.restore();
  return Math.ceil(widest) + 14;
}

/** Draws each bar's count past its end and, on a phone, its label above it. */
function barTexts(palette: Palette, stacked: boolean): Plugin<'bar'> {
  return {
    id: 'resultTexts',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea } = chart;
      const points = pointsOf(chart as unknown as ChartJS<'bar', Point[], string>);
      ctx.save();
      ctx.font = labelFont(palette);
      ctx.fillStyle = palette.ink;
      ctx.textAlign = 'left';
      chart.getDatasetMeta(0).data.forEach((bar, i) => {
        const p = points[i];
        if (!p) return;
        const { x, y } = bar.getProps(['x', 'y'], true) as { x: number; y: number };
        ctx.textBaseline = 'middle';
        ctx.fillText(p.text, x + 8, y);
        if (!stacked) return;
        ctx.textBaseline = 'bottom';
        const bottom = y - BAR / 2 - 5;
        p.lines.forEach((line, j) =>
          ctx.fillText(line, chartArea.left, bottom - (p.lines.length - 1 - j) * LINE),
        );
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
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(box);
  const [palette] = useState(readPalette);
  const stacked = width > 0 && width < STACK_BELOW;

  /** Labels cut to the room they get, and from the longest one the height of each option's band. */
  const layout = useMemo(() => {
    if (!width) return null;
    const ctx = document.createElement('canvas').getContext('2d');
    if (ctx) ctx.font = labelFont(palette);
    const room = stacked ? width - 4 : Math.floor(width * 0.34);
    const lines = options.map((o) => (ctx ? wrapLabel(ctx, o.label, room) : [o.label]));
    const most = Math.max(1, ...lines.map((l) => l.length));
    const band = stacked
      ? most * LINE + 5 + BAR + 16
      : Math.max(most * (FONT_SIZE * 1.2), BAR) + 22;
    // On a phone the first label sits above the first band's bar; the top padding makes room for it.
    const top = stacked ? Math.ceil(Math.max(0, (most * LINE - 11) / 2)) + 2 : 4;
    return { lines, top, height: top + Math.max(options.length, 1) * band + AXIS };
  }, [width, stacked, options, palette]);

  const data = useMemo<ChartData<'bar', Point[], string>>(
    () => ({
      labels: options.map((o) => o.label),
      datasets: [
        {
          label: 'Suara',
          data: options.map((o, i) => ({
            label: o.label,
            votes: o.votes,
            text: votesText(o),
            lines: layout?.lines[i] ?? [o.label],
          })),
          parsing: { xAxisKey: 'votes', yAxisKey: 'label' },
          backgroundColor: options.map((o) => (o.choice === winner ? palette.winner : palette.bar)),
          hoverBackgroundColor: options.map((o) =>
            o.choice === winner ? palette.winnerHover : palette.barHover,
          ),
          borderColor: options.map((o) => (o.choice === winner ? palette.winnerEdge : palette.bar)),
          borderWidth: options.map((o) => (o.choice === winner ? 2 : 0)),
          borderSkipped: 'start',
          borderRadius: 4,
          barThickness: BAR,
        },
      ],
    }),
    [options, winner, palette, layout],
  );

  const top = layout?.top ?? 4;
  const chartOptions = useMemo<ChartOptions<'bar'>>(() => {
    const small = { family: palette.family, size: 12 };
    return {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      // A results page needs no motion; this also honours prefers-reduced-motion.
      animation: false,
      locale: 'id-ID',
      layout: { padding: ({ chart }) => ({ top, right: valueRoom(chart, palette) }) },
      interaction: { mode: 'index', axis: 'y', intersect: false },
      scales: {
        x: {
          beginAtZero: true,
          ticks: { precision: 0, color: palette.inkSoft, font: small },
          grid: { color: palette.line },
          border: { color: palette.line },
          title: { display: true, text: 'Jumlah suara', color: palette.inkSoft, font: small },
        },
        y: {
          // On a phone the labels are drawn above the bars instead (see barTexts).
          display: !stacked,
          grid: { display: false },
          border: { color: palette.line },
          ticks: {
            color: palette.ink,
            font: { family: palette.family, size: FONT_SIZE, weight: 600 },
            crossAlign: 'far',
            autoSkip: false,
            callback(this: Scale, _value, index) {
              const chart = this.chart as unknown as ChartJS<'bar', Point[], string>;
              return pointsOf(chart)[index]?.lines ?? '';
            },
          },
        },
      },
      plugins: {
        tooltip: {
          backgroundColor: palette.tooltip,
          titleFont: { family: palette.family, size: 13, weight: 'bold' },
          bodyFont: { family: palette.family, size: 13 },
          displayColors: false,
          callbacks: { label: (item) => (item.raw as Point).text },
        },
      },
    };
  }, [palette, stacked, top]);

  // The drawing plugin is fixed when a chart is made, so a change of layout makes a new chart.
  const plugins = useMemo(() => [barTexts(palette, stacked)], [palette, stacked]);

  const summary = options.map((o) => `${o.label}: ${votesText(o)}`).join('; ');

  return (
    <div className="results-chart" ref={setBox} style={{ height: layout?.height }}>
      {layout ? (
        <Chart
          key={stacked ? 'stacked' : 'side'}
          type="bar"
          data={data}
          options={chartOptions}
          plugins={plugins}
          role="img"
          aria-label={`Grafik perolehan suara: ${summary}. Angka lengkap ada pada tabel di bawah.`}
          fallbackContent={
            <ul>
              {options.map((o) => (
                <li key={o.choice}>
                  {o.label}: {votesText(o)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </div>
  );
}
