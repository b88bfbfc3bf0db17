import fs from 'node:fs';
import path from 'node:path';

/**
 * The public pages whose screen module (web/<module>, a lazily loaded chunk) the HTML names, so
 * the browser fetches it alongside the app's main script instead of after it has run. Pages not
 * listed load their screen as before. The web router is the authority on paths; a page missing
 * here is only slower, and a unit test checks every module named still exists.
 */
export const PRELOADED_PAGES: readonly [RegExp, string][] = [
  [/^\/$/, 'app/routes/home.tsx'],
  [/^\/berita$/, 'app/routes/berita.tsx'],
  [/^\/berita\/[^/]+$/, 'app/routes/berita-detail.tsx'],
  [/^\/pemilihan$/, 'app/routes/pemilihan.tsx'],
  [/^\/voting\/[^/]+$/, 'app/routes/voting.tsx'],
  [/^\/hasil\/[^/]+$/, 'app/routes/hasil.tsx'],
  [/^\/struktur$/, 'app/routes/struktur.tsx'],
  [/^\/layanan$/, 'app/routes/layanan.tsx'],
  [/^\/dokumen$/, 'app/routes/dokumen.tsx'],
  [/^\/tentang$/, 'app/routes/tentang.tsx'],
  [/^\/login$/, 'app/routes/login.tsx'],
  [/^\/login-pemilih$/, 'app/routes/login-pemilih.tsx'],
  [/^\/dashboard-pemilih$/, 'app/routes/dashboard-pemilih.tsx'],
];

/** One chunk of Vite's build manifest (`build.manifest`). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The chunks `key` needs before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

/**
 * Reads the build's manifest (once) and answers, for a page path, the <link> tags that preload
 * its screen's scripts and stylesheets: what the entry already loads is left out, stylesheets are
 * preloaded (never render-blocking), all CORS-mode as Vite loads them, so nothing is fetched twice. Empty when the build has no manifest or the page is not listed.
 */
export function routePreloads(webDist: string): (pagePath: string) => string {
  let manifest: Manifest | null | undefined;
  let entry: Set<string> | undefined;
  const cache = new Map<string, string>();
  return (pagePath) => {
    if (manifest === undefined) {
      try {
        manifest = JSON.parse(
          fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'),
        ) as Manifest;
      } catch {
        manifest = null;
      }
      const entryKey = manifest && Object.keys(manifest).find((k) => manifest![k]!.isEntry);
      entry = manifest && entryKey ? closure(manifest, entryKey) : new Set();
    }
    if (!manifest) return '';
    const module = PRELOADED_PAGES.find(([re]) => re.test(pagePath))?.[1];
    if (!module || !manifest[module]) return '';
    const cached = cache.get(module);
    if (cached !== undefined) return cached;
    const chunks = [...closure(manifest, module)].filter((k) => !entry!.has(k));
    const scripts = chunks.map((k) => manifest![k]!.file);
    const styles = [...new Set(chunks.flatMap((k) => manifest![k]!.css ?? []))];
    const tags = [
      ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
      ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}" />`),
    ].join('\n    ');
    cache.set(module, tags);
    return tags;
  };
}

/** The HTML with the tags added at the end of its head (unchanged when there are none). */
export function withPreloads(html: string, tags: string): string {
  if (!tags || !/<\/head>/i.test(html)) return html;
  return html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
