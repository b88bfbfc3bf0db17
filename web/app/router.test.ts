import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPageRoute, PAGE_ROUTES } from '../../shared/page-routes.ts';
import type { LazyScreen } from './lazy.ts';
import { routes } from './router.tsx';

/** Every page pattern of a route tree, nested paths joined to their parent's. */
function patternsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((r) => {
    if (!r.path || r.path === '*') return patternsOf(r.children ?? [], parent);
    const own = r.path.startsWith('/') ? r.path : `${parent}/${r.path}`;
    return [own, ...patternsOf(r.children ?? [], own)];
  });
}

describe('the page route list the server answers 404 by', () => {
  it('is the web router’s route table, route for route', () => {
    expect(new Set(patternsOf(routes))).toEqual(new Set(PAGE_ROUTES));
  });

  it('matches pages with their parameters and refuses anything else', () => {
    for (const path of [
      '/',
      '/struktur',
      '/struktur/',
      '/berita/kabar-kampus',
      '/voting/0b6e6a8e-3f3c-4c1e-9a55-2f1b1f6a2d10',
      '/panitia/abc/wali-kunci',
      '/pemilihan/abc/kandidat',
      '/Pemilihan',
      '/BERITA/Kabar',
    ])
      expect(isPageRoute(path), path).toBe(true);
    for (const path of [
      '/halaman-yang-tidak-ada',
      '/berita/a/b',
      '/voting',
      '/panitia/abc/lainnya',
      '/pemilihan/abc',
      '/admin/x',
      '//struktur',
    ])
      expect(isPageRoute(path), path).toBe(false);
  });
});

describe('the screens of the route table', () => {
  it('each names the module it loads (the server names it in the pages it renders)', async () => {
    const screens = (function all(tree: RouteObject[]): LazyScreen[] {
      return tree.flatMap((r) => [
        ...(r.Component && 'module' in r.Component ? [r.Component as LazyScreen] : []),
        ...all(r.children ?? []),
      ]);
    })(routes);
    expect(screens.length).toBeGreaterThan(40);
    for (const screen of screens) {
      const own = (await import(/* @vite-ignore */ `../${screen.module}`)) as {
        Component: unknown;
      };
      expect(await screen.preload(), screen.module).toBe(own.Component);
    }
  });
});
