import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, minifySync, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.API_PORT ?? '3001';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Finishes the build folder: the plain scripts of web/public (early-input.js runs before the app,
 * so it is not a module the bundler sees) are copied as written, comments and all, and are
 * minified here (their sources stay readable); then .br and .gz are written beside each text
 * asset so the server sends them without compressing per request.
 */
function finishBuild(): Plugin {
  let outDir = '';
  return {
    name: 'bem-finish-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const f of (await fs.readdir(outDir)).filter((name) => name.endsWith('.js'))) {
        const file = path.join(outDir, f);
        const out = minifySync(f, await fs.readFile(file, 'utf8'), {
          compress: true,
          mangle: true,
        });
        if (out.errors.length) throw new Error(`${f}: ${out.errors[0]!.message}`);
        await fs.writeFile(file, out.code);
      }
      const files = await fs.readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|json|txt|xml)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const data = await fs.readFile(file);
            if (data.length < 1024) return;
            await fs.writeFile(
              `${file}.br`,
              await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * React Router's published build creates its components with `React.forwardRef(…)` calls that
 * carry no pure annotation, and names them with `X.displayName = "…"` (only React's dev tools read
 * it). To the bundler both look like side effects, so every component the package exports stays in
 * the bundle, used or not (`<Form>` and its submission code, `<Link>`'s framework-mode prefetching):
 * about 1.3 KB gzip in every page's main script. This marks those calls pure and drops the names,
 * so unused components are left out. Should the package's code change shape, nothing matches and
 * the bundle is only as large as before (the front-end benchmark shows it).
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'bem-react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        return {
          code: code
            .replace(/^\s*[\w$.]+\.displayName = "[^"]*";$/gm, '')
            .replace(/(=\s*)(React\$1\.forwardRef\()/g, '$1/* @__PURE__ */ $2'),
          map: null,
        };
      },
    },
  };
}

/**
 * Small modules nearly every page uses (the alert, the document title, the election phase badge,
 * WIB dates, the role guard, what waits for the browser, initials for missing photos): in the main script they cost less than as chunks of their own that
 * each page requests (a request, an import list and a gzip stream per chunk of a few hundred bytes).
 */
const SHELL_SHARED =
  /[\\/](web[\\/](components[\\/](alert|announce|use-document-title|phase-badge|client-only)\.tsx?|app[\\/]guards\.tsx)|shared[\\/](initials|wib)\.ts)$/;

/** Whether the entry imports the module statically (what rolldown tags `$initial`). */
const initialModules = new WeakMap<Rolldown.ChunkingContext, Map<string, boolean>>();
function isInitial(id: string, ctx: Rolldown.ChunkingContext): boolean {
  let known = initialModules.get(ctx);
  if (!known) initialModules.set(ctx, (known = new Map()));
  let initial = known.get(id);
  if (initial === undefined) {
    // Up through the static importers until an entry is found (or none is).
    const seen = new Set([id]);
    const queue = [id];
    initial = false;
    while (queue.length && !initial) {
      const info = ctx.getModuleInfo(queue.pop()!);
      if (info?.isEntry) initial = true;
      for (const importer of info?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    known.set(id, initial);
  }
  return initial;
}

/**
 * The server's render of pages (web/entry-server.tsx, `vite build --ssr`): one module for Node,
 * every screen inlined (no chunk to load from a build folder that a rebuild may have replaced),
 * the packages imported from node_modules as they are.
 */
const serverRender = defineConfig({
  root: 'web',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/web/.ssr',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

/**
 * The public sections' small shared parts (the cards of news, services, documents, elections and
 * people, their list queries, dates): the home page shows a little of every section, and left
 * alone each part was a chunk of a few hundred bytes of its own (eight requests, 1.9 KB gzip of the
 * home page's first view went to their import lists and gzip streams). Kept as one chunk, which a
 * section's own page loads too (about 2 KB more there than its own parts alone).
 */
const PUBLIC_SHARED =
  /[\\/](shared[\\/](services|documents)|web[\\/]features[\\/](services[\\/](api[\\/]list-services|components[\\/]service-card)|documents[\\/](format|api[\\/]list-documents)|news[\\/](components[\\/]article-card|api[\\/]public)|elections[\\/]components[\\/]election-card|structure[\\/]components[\\/]person-card))\.tsx?$/;

/** The web app lives in web/ and is built into dist/web, which the server serves. */
const browser = defineConfig({
  root: 'web',
  plugins: [react(), reactRouterTreeShaking(), finishBuild()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload a page's own chunks with the HTML (server/http/route-preload.ts).
    manifest: true,
    // A screen's chunk loads its own imports when it runs, rather than the main script carrying
    // every screen's list of them to fetch alongside (1.2 KB gzip in every page's first view). The
    // page a visitor lands on is not slowed: the server names its chunks in the HTML. The first
    // visit to another screen waits one more round trip for the imports not loaded yet. A
    // screen's stylesheets are still fetched alongside its chunk.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads before any page (React, the router, the query cache, the
          // shell) in one file, with the small modules nearly every page uses: one request instead
          // of a chain of small ones. Pages stay lazy.
          groups: [
            {
              name: (id, ctx) =>
                SHELL_SHARED.test(id) || isInitial(id, ctx)
                  ? 'app'
                  : PUBLIC_SHARED.test(id)
                    ? 'public'
                    : null,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/readyz': `http://127.0.0.1:${apiPort}`,
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRender : browser));
