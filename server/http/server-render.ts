import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { escapeHtml } from '../mail/escape-html.ts';

/** A page rendered by the web app's server build (web/entry-server.tsx). */
export type RenderedPage = {
  html: string;
  state: string;
  modules: string[];
  /** A path on this site the page sends the visitor to instead (answered with a redirect). */
  redirect?: string | undefined;
  /** The page's whole title, as the browser sets it. */
  title?: string | undefined;
};

type Transport = (input: string, init: RequestInit) => Promise<Response>;
type RenderModule = {
  render: (url: string, transport: Transport, budgetMs: number) => Promise<RenderedPage>;
};

/** How long a page's data may take before the page is sent with those parts still loading. */
export const RENDER_DATA_BUDGET_MS = 1500;

/** The visitor's headers that the page's API calls carry: who they are and where they are. */
const FORWARDED = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'host',
];

/**
 * Renders pages ahead of the browser's script with the web app's server build
 * (dist/web/.ssr/entry-server.js, loaded once). The page's own API calls are answered by `app` in
 * this process, as the visitor (their cookie and address), so they see exactly what the browser's
 * first render would. Null when there is no server build or the page fails to render on the
 * server (logged): the page is then sent as built and rendered by the browser alone.
 */
export function serverRenderer(app: Hono<AppEnv>, webDist: string) {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  let loaded: Promise<RenderModule | null> | undefined;
  return async (c: Context<AppEnv>): Promise<RenderedPage | null> => {
    const logger = () => c.get('services').logger;
    loaded ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((err: unknown) => {
          logger().error({ err: String(err) }, 'server render module failed to load');
          return null;
        })
      : Promise.resolve(null);
    const module = await loaded;
    if (!module) return null;
    const visitor: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) visitor[name] = value;
    }
    const transport: Transport = (input, init) => {
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(visitor)) headers.set(name, value);
      headers.set('accept', 'application/json');
      return Promise.resolve(app.request(input, { ...init, headers }, c.env));
    };
    const url = new URL(c.req.url);
    try {
      return await module.render(url.pathname + url.search, transport, RENDER_DATA_BUDGET_MS);
    } catch (err) {
      logger().warn(
        { err: err instanceof Error ? err.message : String(err), path: c.req.path },
        'server render failed; the page is rendered by the browser',
      );
      return null;
    }
  };
}

/**
 * The built index.html with the rendered page inside `<div id="root">` and its data after it (as
 * JSON in a script element the browser never runs; every `<` escaped, so no text in the data can
 * close the element).
 */
export function withRenderedPage(html: string, page: RenderedPage): string {
  const state = page.state.replace(/</g, '\\u003c');
  if (page.title) {
    const title = escapeHtml(page.title);
    html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`);
  }
  const root = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/i;
  if (!root.test(html)) return html;
  return html.replace(
    root,
    (_m, open: string, close: string) =>
      `${open}${page.html}${close.replace(
        /<\/body>/i,
        () => `<script type="application/json" id="ssr-state">${state}</script>\n  </body>`,
      )}`,
  );
}
