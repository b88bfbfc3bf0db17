import { describe, expect, it } from 'vitest';
import { isCountedPage, normalizePagePath, rateVital } from '../page-paths.ts';
import { pageViewSchema } from './metrics.ts';

describe('page paths', () => {
  it('cut the query, the fragment and a trailing slash', () => {
    expect(normalizePagePath('/berita?utm=wa#atas')).toBe('/berita');
    expect(normalizePagePath('/berita/')).toBe('/berita');
    expect(normalizePagePath('/?x=1')).toBe('/');
    expect(normalizePagePath('/')).toBe('/');
  });

  it('count the public pages only', () => {
    for (const p of [
      '/',
      '/berita',
      '/berita/kabar-2026',
      '/hasil/0f8fad5b-d9cb-469f-a165-70867728950e',
    ])
      expect(isCountedPage(p), p).toBe(true);
    for (const p of [
      '/admin',
      '/admin/histori',
      '/admin-master/voting',
      '/api/me',
      '/panitia/x',
      '/tidak-ada',
      '/berita/a/b',
    ])
      expect(isCountedPage(p), p).toBe(false);
  });

  it('validate through the shared schema with Indonesian messages', () => {
    expect(pageViewSchema.parse({ path: '/tentang/?a=1' })).toEqual({ path: '/tentang' });
    const bad = pageViewSchema.safeParse({ path: '/admin' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Halaman ini tidak dikenal atau tidak dihitung.');
  });
});

describe('web-vitals labels', () => {
  it('follow the standard thresholds, inclusive of the good and poor limits', () => {
    expect(rateVital('LCP', 2500)).toBe('good');
    expect(rateVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateVital('LCP', 4000)).toBe('needs-improvement');
    expect(rateVital('LCP', 4001)).toBe('poor');
    expect(rateVital('INP', 200)).toBe('good');
    expect(rateVital('INP', 501)).toBe('poor');
    expect(rateVital('CLS', 0.1)).toBe('good');
    expect(rateVital('CLS', 0.25)).toBe('needs-improvement');
    expect(rateVital('CLS', 0.26)).toBe('poor');
    expect(rateVital('FCP', 1800)).toBe('good');
    expect(rateVital('FCP', 3001)).toBe('poor');
    expect(rateVital('TTFB', 800)).toBe('good');
    expect(rateVital('TTFB', 1801)).toBe('poor');
  });
});
