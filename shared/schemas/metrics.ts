import { isCountedPage, normalizePagePath, VITAL_NAMES, type VitalName } from '../page-paths.ts';
import { z } from '../validation.ts';

export {
  rateVital,
  USAGE_DAYS,
  VITAL_NAMES,
  VITAL_RATINGS,
  VITAL_THRESHOLDS,
  type VitalName,
  type VitalRating,
} from '../page-paths.ts';

/** Values above these are no real measurement (a tab left open for hours, a forged request). */
const VITAL_MAX: Record<VitalName, number> = {
  LCP: 120_000,
  INP: 120_000,
  CLS: 100,
  FCP: 120_000,
  TTFB: 120_000,
};

/** The page a beacon reports: a known public page of this site, as the browser's location gives it. */
export const pagePathField = z
  .string({ error: 'Alamat halaman wajib diisi.' })
  .max(2048, { error: 'Alamat halaman terlalu panjang.' })
  .regex(/^\/[^\s\p{Cc}]*$/u, {
    error: 'Alamat halaman harus diawali "/" dan tanpa spasi.',
  })
  .transform(normalizePagePath)
  .refine(isCountedPage, { error: 'Halaman ini tidak dikenal atau tidak dihitung.' });

/** POST /api/metrics/view: one page view. */
export const pageViewSchema = z.object({ path: pagePathField });

const vitalSample = z
  .object({
    name: z.enum(VITAL_NAMES, { error: 'Nama metrik harus LCP, INP, CLS, FCP atau TTFB.' }),
    value: z
      .number({ error: 'Nilai metrik harus berupa angka.' })
      .min(0, { error: 'Nilai metrik tidak boleh negatif.' }),
  })
  .refine((m) => !(m.name in VITAL_MAX) || m.value <= VITAL_MAX[m.name], {
    path: ['value'],
    error: 'Nilai metrik tidak wajar.',
  });

/** POST /api/metrics/vitals: the measurements of one page load, each metric at most once. */
export const vitalsSchema = z.object({
  path: pagePathField,
  metrics: z
    .array(vitalSample, { error: 'Daftar metrik wajib diisi.' })
    .min(1, { error: 'Kirim minimal satu metrik.' })
    .max(VITAL_NAMES.length, { error: `Kirim maksimal ${VITAL_NAMES.length} metrik.` })
    .refine((ms) => new Set(ms.map((m) => m.name)).size === ms.length, {
      error: 'Setiap metrik hanya boleh dikirim sekali.',
    }),
});
export type VitalsInput = z.input<typeof vitalsSchema>;
