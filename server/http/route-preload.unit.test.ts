import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './context.ts';
import { PRELOADED_PAGES, routePreloads, withPreloads } from './route-preload.ts';
import { mountWebApp } from './static.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A built web app as Vite leaves it: index.html and the manifest of an entry and two screens. */
function fakeBuild(withManifest = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-preload-'));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>BEM</title><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>',
  );
  if (!withManifest) return dir;
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-b.js' },
      '_card.js': {
        file: 'assets/card-c.js',
        imports: ['_shared.js', '_format.js'],
        css: ['assets/card-c.css'],
      },
      '_format.js': { file: 'assets/format-d.js' },
      'app/routes/berita.tsx': {
        file: 'assets/berita-e.js',
        imports: ['main.tsx', '_card.js'],
        css: ['assets/news-e.css'],
      },
      'app/routes/home.tsx': { file: 'assets/home-f.js', imports: ['main.tsx'] },
    }),
  );
  return dir;
}

describe('route preloads', () => {
  it('names every screen module that exists in the web app', () => {
    for (const [, module] of PRELOADED_PAGES)
      expect(fs.existsSync(path.join(root, 'web', module)), module).toBe(true);
  });

  it('preloads a page’s own chunk, its imports and styles, but nothing the entry loads', () => {
    const tags = routePreloads(fakeBuild())('/berita');
    const hrefs = [...tags.matchAll(/<link rel="([^"]+)"[^>]* href="([^"]+)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(hrefs.sort()).toEqual(
      [
        'modulepreload /assets/berita-e.js',
        'modulepreload /assets/card-c.js',
        'modulepreload /assets/format-d.js',
        'preload /assets/news-e.css',
        'preload /assets/card-c.css',
      ].sort(),
    );
    expect(tags).not.toContain('index-a.js');
    expect(tags).not.toContain('shared-b.js');
    // As Vite loads them (CORS mode), so the browser uses what was preloaded.
    for (const tag of tags.split('\n')) expect(tag).toContain('crossorigin');
  });

  it('adds nothing for a page not listed, a path that only looks like one, or a build without a manifest', () => {
    const preload = routePreloads(fakeBuild());
    expect(preload('/admin')).toBe('');
    expect(preload('/berita/x/y')).toBe('');
    expect(routePreloads(fakeBuild(false))('/berita')).toBe('');
  });

  it('puts the tags at the end of the head and leaves HTML without a head alone', () => {
    expect(withPreloads('<head><title>x</title></head>', '<link a />')).toBe(
      '<head><title>x</title>  <link a />\n  </head>',
    );
    expect(withPreloads('<p>no head</p>', '<link a />')).toBe('<p>no head</p>');
    expect(withPreloads('<head></head>', '')).toBe('<head></head>');
  });

  it('is served with the page: /berita names its chunk, /admin does not', async () => {
    const app = new Hono<AppEnv>();
    mountWebApp(app, fakeBuild());
    const berita = await (await app.request('/berita')).text();
    expect(berita).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/berita-e.js" \/>\s*[\s\S]*<\/head>/,
    );
    const home = await (await app.request('/')).text();
    expect(home).toContain('/assets/home-f.js');
    expect(home).not.toContain('berita-e.js');
    const admin = await (await app.request('/admin')).text();
    expect(admin).not.toContain('modulepreload');
  });
});
