import { isPageRoute } from '../../shared/page-routes.ts';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { renderedScreenTags, routePreloads, withPreloads } from './route-preload.ts';
import { serverRenderer, withRenderedPage } from './server-render.ts';

const hasExtension = /\/[^/]*\.[^/]+$/;

const SITE_NAME = 'BEM Poltek Nuklir';

/** What a page's link preview shows (Open Graph, Twitter card, title, description). */
export type PageMeta = {
  /** The page's own title; the site's name is added after it in <title>. */
  title: string;
  description: string;
  /** Absolute URL of the page (og:url, canonical). */
  url: string;
  /** Absolute URL of the preview image. */
  image?: string | null | undefined;
  type?: 'article' | 'website' | undefined;
  /** ISO instant, for articles. */
  publishedTime?: string | null | undefined;
};

/**
 * Finds the meta of a page path: `null` when the path is not this resolver's (the next one is
 * asked; with none, the page is served as built), `{ notFound: true }` when it is but nothing
 * public lives there (served 404 with the HTML as built, so the web app shows its not-found page).
 */
export type PageMetaResolver = (
  c: Context<AppEnv>,
  path: string,
) => Promise<PageMeta | { notFound: true } | null>;

/**
 * The built index.html with a page's <title>, description, canonical link, Open Graph and
 * Twitter tags. Every value is escaped; the page's own tags replace the site's defaults.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const e = escapeHtml;
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${e(value)}" />`;
  const tags = [
    `<title>${e(`${meta.title} · ${SITE_NAME}`)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${e(meta.url)}" />`,
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:locale', 'id_ID'),
    tag('property', 'og:type', meta.type ?? 'website'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image
      ? [tag('property', 'og:image', meta.image), tag('property', 'og:image:alt', meta.title)]
      : []),
    ...(meta.publishedTime ? [tag('property', 'article:published_time', meta.publishedTime)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.image ? [tag('name', 'twitter:image', meta.image)] : []),
  ];
  // A page without a head to put them in is left as it is.
  if (!/<\/head>/i.test(html)) return html;
  // Function replacers: a "$&" in a value must stay text.
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '');
  return cleaned.replace(/<\/head>/i, () => `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * Serves the built web app: hashed assets compressed and cached for a year, other files as they
 * are, and every page path (no file extension) falls back to index.html. A missing file is a 404:
 * the app's HTML (its not-found page) for a browser opening it as a page, else a short text.
 * `pageMeta` resolvers may fill a page's link-preview tags into that HTML; paths none of them
 * claims are served exactly as before.
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  webDist: string,
  opts: { pageMeta?: PageMetaResolver[] } = {},
) {
  const indexFile = path.join(webDist, 'index.html');
  let indexHtml: string | undefined;
  const preloads = routePreloads(webDist);
  const renderedTags = renderedScreenTags(webDist);
  const render = serverRenderer(app, webDist);
  const readIndex = () => (indexHtml ??= fs.readFileSync(indexFile, 'utf8'));

  app.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => c.text('Berkas tidak ditemukan.', 404));

  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    // A form sent before the page's script ran (every form says method="post", so its fields are
    // never in an address): its body is not read, and the page is opened again, script and all.
    if (c.req.method === 'POST' && isPageRoute(c.req.path)) {
      const url = new URL(c.req.url);
      return c.redirect(url.pathname + url.search, 303);
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) {
      return c.text('Berkas tidak ditemukan.', 404);
    }
    if (hasExtension.test(c.req.path)) {
      return serveStatic({
        root: webDist,
        precompressed: true,
        onFound: (_p, ctx) => {
          ctx.header('Cache-Control', 'public, max-age=3600');
        },
        onNotFound: () => {},
      })(c, async () => {
        // A page opened by hand or through an old link whose path has a dot (`/berita/v1.2`) gets
        // the web app's not-found page; a script, image or fetch gets a short text.
        const page = /\btext\/html\b/.test(c.req.header('accept') ?? '');
        c.res =
          page && fs.existsSync(indexFile)
            ? c.html(withPreloads(readIndex(), ''), 404, { 'Cache-Control': 'no-cache' })
            : c.text('Berkas tidak ditemukan.', 404);
      });
    }
    if (!fs.existsSync(indexFile)) {
      return c.text('Aplikasi web belum dibangun. Jalankan `npm run build` atau `npm start`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    // An address outside the route table is answered 404 (the web app shows its not-found page).
    let status: 200 | 404 = isPageRoute(c.req.path) ? 200 : 404;
    let meta: PageMeta | null = null;
    if (status === 200) {
      const found = await resolvePageMeta(c, opts.pageMeta ?? []);
      if (found && 'notFound' in found) status = 404;
      else meta = found;
    }
    const rendered = c.req.method === 'GET' ? await render(c) : null;
    // A page that sends the visitor elsewhere (signed out, a default tab) is a redirect.
    const to = rendered?.redirect;
    if (to && to.startsWith('/') && !/^\/[/\\]/.test(to)) return c.redirect(to, 302);
    let html: string;
    if (rendered) {
      html = withPreloads(withRenderedPage(readIndex(), rendered), renderedTags(rendered.modules));
      // The page shows who is signed in: it is theirs alone.
      c.header('Vary', 'Cookie');
      if (c.req.header('cookie')) c.header('Cache-Control', 'private, no-cache');
    } else {
      html = withPreloads(readIndex(), preloads(c.req.path));
    }
    const page = meta ? withPageMeta(html, meta) : html;
    return rendered ? compressedHtml(c, page, status) : c.html(page, status);
  });
}

/**
 * A rendered page compressed as the browser accepts it (brotli, else gzip): it is several times
 * the size of the built index.html, and is sent on every cold load.
 */
function compressedHtml(c: Context<AppEnv>, html: string, status: 200 | 404) {
  c.header('Vary', 'Accept-Encoding', { append: true });
  const accepts = c.req.header('accept-encoding') ?? '';
  const body = Buffer.from(html);
  if (/\bbr\b/.test(accepts)) {
    c.header('Content-Encoding', 'br');
    return c.body(
      new Uint8Array(
        zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      ),
      status,
      { 'Content-Type': 'text/html; charset=UTF-8' },
    );
  }
  if (/\bgzip\b/.test(accepts)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(zlib.gzipSync(body, { level: 6 })), status, {
      'Content-Type': 'text/html; charset=UTF-8',
    });
  }
  return c.html(html, status);
}

/** The first resolver's answer for this path; a failing resolver leaves the page as built. */
async function resolvePageMeta(c: Context<AppEnv>, resolvers: PageMetaResolver[]) {
  for (const resolve of resolvers) {
    try {
      const meta = await resolve(c, c.req.path);
      if (meta) return meta;
    } catch (err) {
      c.get('services').logger.warn(
        { err: err instanceof Error ? err.message : String(err), path: c.req.path },
        'page meta failed',
      );
      return null;
    }
  }
  return null;
}
