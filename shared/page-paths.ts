// Page-view and web-vitals rules both sides share, with no zod: the browser's beacon imports this
// into the main bundle (shared/schemas/metrics.ts builds the server's validation on it).

/** The web-vitals the browser reports (the `web-vitals` package's names). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * The standard thresholds (web.dev): a value up to `good` is good, above `poor` is poor, anything
 * between needs improvement. Times in milliseconds; CLS has no unit.
 */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/** The label of a value by the standard thresholds. */
export function rateVital(name: VitalName, value: number): VitalRating {
  const t = VITAL_THRESHOLDS[name];
  if (value <= t.good) return 'good';
  if (value <= t.poor) return 'needs-improvement';
  return 'poor';
}

/** Longest page path kept (after the query and fragment are cut off). */
export const MAX_PAGE_PATH = 200;

/**
 * The public pages whose views are counted, by shape. The admin area, the committee area, the API
 * and unknown addresses are never counted.
 */
const COUNTED_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/(struktur|layanan|berita|dokumen|tentang|pemilihan|request-pemilihan)$/,
  /^\/(login|register|register-panitia|register-pemilih|lupa-sandi|login-pemilih)$/,
  /^\/(profil-pemilih|dashboard-pemilih)$/,
  /^\/berita\/[A-Za-z0-9%._~-]{1,150}$/,
  /^\/(voting|hasil)\/[0-9a-fA-F-]{36}$/,
  /^\/pemilihan\/[0-9a-fA-F-]{36}\/kandidat$/,
];

/** A location's path as counted: no query, no fragment, no trailing slash. */
export function normalizePagePath(raw: string): string {
  const cut = raw.split(/[?#]/, 1)[0] ?? '';
  return cut.length > 1 ? cut.replace(/\/+$/, '') || '/' : cut;
}

/** True when views of this (normalized) path are counted. */
export const isCountedPage = (path: string) =>
  path.length <= MAX_PAGE_PATH && COUNTED_PAGES.some((re) => re.test(path));

/** How many days the dashboard's usage figures cover. */
export const USAGE_DAYS = 30;
