import { count, sql } from 'drizzle-orm';
import type { VitalName } from '../../shared/page-paths.ts';
import { queryRows, type Db } from '../../server/db/client.ts';
import { pageViews, webVitals } from '../../server/db/schema/index.ts';

/** Public pages and how popular each is relative to the others. */
const PAGES: [path: string, weight: number][] = [
  ['/', 40],
  ['/berita', 22],
  ['/pemilihan', 14],
  ['/dokumen', 9],
  ['/layanan', 8],
  ['/struktur', 7],
  ['/tentang', 5],
  ['/register-pemilih', 4],
  ['/login-pemilih', 4],
  ['/request-pemilihan', 1],
];

/** Typical values of a small campus site, with some slower visits (milliseconds; CLS unitless). */
const VITALS: Record<VitalName, [typical: number, spread: number]> = {
  LCP: [1700, 1400],
  INP: [120, 160],
  CLS: [0.04, 0.09],
  FCP: [1100, 900],
  TTFB: [320, 400],
};

/** A fixed pseudo-random sequence, so every seeded database shows the same figures. */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/**
 * Example usage for the dashboard: page views of the public pages over the last 30 days (busier on
 * weekdays) and a few hundred web-vitals samples. These tables have no isExample column, so they
 * are filled only while empty: real counts are never mixed with invented ones.
 */
export async function seedDemoAdminArea(db: Db, _dataDir: string, _authorId: string | null) {
  const random = sequence(2026);
  const [views] = await db.select({ n: count() }).from(pageViews);
  if (Number(views?.n ?? 0) === 0) {
    const [today] = await queryRows<{ d: string }>(
      db,
      sql`select ((now() at time zone 'Asia/Jakarta')::date)::text as d`,
    );
    const rows = [];
    for (let ago = 29; ago >= 0; ago--) {
      const day = new Date(Date.parse(`${today!.d}T00:00:00Z`) - ago * 86_400_000);
      const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
      const visitors = Math.round((weekend ? 35 : 90) * (0.75 + random() * 0.5));
      for (const [path, weight] of PAGES) {
        const n = Math.round((visitors * weight * (0.7 + random() * 0.6)) / 40);
        if (n > 0) rows.push({ day: day.toISOString().slice(0, 10), path, views: n });
      }
    }
    await db.insert(pageViews).values(rows);
  }
  const [vitals] = await db.select({ n: count() }).from(webVitals);
  if (Number(vitals?.n ?? 0) === 0) {
    const rows = [];
    for (let i = 0; i < 240; i++) {
      const at = new Date(Date.now() - random() * 29 * 86_400_000);
      const path = PAGES[Math.floor(random() * 4)]![0];
      for (const [name, [typical, spread]] of Object.entries(VITALS) as [
        VitalName,
        [number, number],
      ][]) {
        if (name === 'INP' && random() < 0.4) continue; // not every visit interacts
        // Skewed to the right, as real timings are: most near typical, a few much slower.
        const value = Math.max(0, typical + spread * (random() ** 3 * 2 - 0.35));
        rows.push({ at, name, value: name === 'CLS' ? Number(value.toFixed(3)) : value, path });
      }
    }
    await db.insert(webVitals).values(rows);
  }
}
