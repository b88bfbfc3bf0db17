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

/** The build's manifest and the chunks its entry loads, read once (null without a manifest). */
function manifestOf(webDist: string): () => { manifest: Manifest; entry: Set<string> } | null {
  let read: { manifest: Manifest; entry: Set<string> } | null | undefined;
  return () => {
    if (read !== undefined) return read;
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
      read = { manifest, entry: entryKey ? closure(manifest, entryKey) : new Set() };
    } catch {
      read = null;
    }
    return read;
  };
}

/**
 * The <link> tags for screen modules (manifest keys): their scripts and their imports' scripts
 * (what the entry already loads left out) preloaded, CORS-mode as Vite loads them, so nothing is
 * fetched twice; their stylesheets preloaded when `styles` is 'preload' (never render-blocking:
 * the screen is not shown before its code has run), or linked as stylesheets when 'apply' (the
 * screen is already in the HTML, rendered by the server, and must be styled when first painted).
 */
function screenTags(
  read: { manifest: Manifest; entry: Set<string> },
  modules: string[],
  styles: 'preload' | 'apply',
): string {
  const chunks = [...new Set(modules.flatMap((m) => [...closure(read.manifest, m)]))].filter(
    (k) => !read.entry.has(k),
  );
  const sheets = [...new Set(chunks.flatMap((k) => read.manifest[k]!.css ?? []))];
  return [
    ...chunks.map((k) => {
      const file = read.manifest[k]!.file;
      // A rendered page's own screens run as scripts of the page: the page's load waits for
      // them, and by then the browser has taken the page over (web/main.tsx).
      return styles === 'apply' && modules.includes(k)
        ? `<script type="module" crossorigin src="/${file}"></script>`
        : `<link rel="modulepreload" crossorigin href="/${file}" />`;
    }),
    ...sheets.map((f) =>
      styles === 'apply'
        ? `<link rel="stylesheet" crossorigin href="/${f}" />`
        : `<link rel="preload" as="style" crossorigin href="/${f}" />`,
    ),
  ].join('\n    ');
}

/**
 * Reads the build's manifest (once) and answers, for a page path, the <link> tags that preload
 * its screen's scripts and stylesheets (see screenTags). Empty when the build has no manifest or
 * the page is not listed.
 */
export function routePreloads(webDist: string): (pagePath: string) => string {
  const read = manifestOf(webDist);
  const cache = new Map<string, string>();
  return (pagePath) => {
    const built = read();
    if (!built) return '';
    const module = PRELOADED_PAGES.find(([re]) => re.test(pagePath))?.[1];
    if (!module || !built.manifest[module]) return '';
    let tags = cache.get(module);
    if (tags === undefined) cache.set(module, (tags = screenTags(built, [module], 'preload')));
    return tags;
  };
}

/**
 * For a page the server rendered: the tags of the screens it shows (manifest keys): their own
 * modules as the page's scripts, their imports preloaded, their stylesheets applied. Empty without
 * a manifest.
 */
export function renderedScreenTags(webDist: string): (modules: string[]) => string {
  const read = manifestOf(webDist);
  const cache = new Map<string, string>();
  return (modules) => {
    const built = read();
    if (!built) return '';
    const key = modules.join(' ');
    let tags = cache.get(key);
    if (tags === undefined) cache.set(key, (tags = screenTags(built, modules, 'apply')));
    return tags;
  };
}

/** The HTML with the tags added at the end of its head (unchanged when there are none). */
export function withPreloads(html: string, tags: string): string {
  if (!tags || !/<\/head>/i.test(html)) return html;
  return html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
