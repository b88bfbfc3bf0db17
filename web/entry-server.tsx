// The server's render of a page (built by `vite build --ssr` into dist/web/.ssr, imported by
// server/http/server-render.ts): the page's HTML with its data, ahead of the browser's script,
// which then takes it over (web/main.tsx). Runs in Node only.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { ServerTitle } from './components/use-document-title.ts';
import type { LazyScreen } from './app/lazy.ts';
import { Providers } from './app/providers.tsx';
import { ServerRedirect } from './app/redirect.tsx';
import { routes } from './app/router.tsx';
import { meQueryKey, type Me } from './features/auth/api/get-me.ts';
import { setTransport, type Transport } from './lib/api-error.ts';
import { createQueryClient } from './lib/query-client.ts';

/** How many times a page is rendered at most: each render may reveal queries that need the last one's data. */
const MAX_PASSES = 4;

/** The modules loaded for someone signed in, as the build manifest names them (app/layout/). */
const SIGNED_IN_MODULES = ['app/layout/account-menu.tsx', 'app/layout/session-effects.tsx'];

const requestTransport = new AsyncLocalStorage<Transport>();
setTransport((input, init) => {
  const transport = requestTransport.getStore();
  if (!transport) return Promise.reject(new Error('No request to answer ' + input));
  return transport(input, init);
});

export type RenderedPage = {
  /** The app's markup, for the inside of `<div id="root">`. */
  html: string;
  /** The queries' data the markup was rendered from (JSON). */
  state: string;
  /** Build-manifest keys of the screens shown (`app/routes/home.tsx`), for their styles and scripts. */
  modules: string[];
  /** Where the page sends the visitor instead (a sign-in page, a default tab), if it does. */
  redirect?: string;
  /** The page's title (for <title>), as the browser would set it. */
  title?: string;
};

function enabled(query: Query): boolean {
  const on = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof on === 'function' ? on(query) : on !== false;
}

/**
 * Renders the page at `url` (path and query) as the browser's first render will: the queries its
 * components use are answered through `transport` (the API, in-process, as the visitor), and the
 * page is rendered again with their data until no new query appears. Queries still unanswered
 * when `budgetMs` has passed, and failed ones, are left to the browser (their loading state is
 * rendered). Throws when any component fails to render on the server.
 */
export async function render(
  url: string,
  transport: Transport,
  budgetMs: number,
): Promise<RenderedPage> {
  const client = createQueryClient(false);
  const deadline = Date.now() + budgetMs;
  const cache = client.getQueryCache();
  const redirect: { to?: string } = {};
  const head: { title?: string } = {};
  const tree = (
    <StrictMode>
      <ServerTitle value={(title) => (head.title = title)}>
        <ServerRedirect value={(to) => (redirect.to ??= to)}>
          <Providers client={client}>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </Providers>
        </ServerRedirect>
      </ServerTitle>
    </StrictMode>
  );
  const once = async () => {
    redirect.to = undefined;
    const errors: unknown[] = [];
    const { prelude } = await prerender(tree, {
      // Every boundary inline, in place: an outlined one would need an inline script to reveal it.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (err) => {
        errors.push(err);
      },
    });
    const html = await new Response(prelude).text();
    if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
    return html;
  };
  return requestTransport.run(transport, async () => {
    let html = await once();
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const waiting = cache
        .getAll()
        .filter(
          (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q),
        );
      const left = deadline - Date.now();
      if (!waiting.length || left <= 0) break;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(waiting.map((q) => q.fetch())),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
      // A fetch still running when the time is up is dropped, its query left as it was: landing
      // after the render below (before the state is written out), its data would be handed to
      // the browser without being in the HTML, and the takeover would not match.
      await client.cancelQueries({ fetchStatus: 'fetching' });
      // A failed query renders as still loading, as the browser's first render shows it.
      for (const q of cache.findAll({ predicate: (q) => q.state.status === 'error' }))
        cache.remove(q);
      html = await once();
    }
    const modules = (matchRoutes(routes, url) ?? [])
      .map((m) => (m.route.Component as Partial<LazyScreen> | undefined)?.module)
      .filter((m): m is string => typeof m === 'string');
    // The page of someone signed in holds the account menu and the session's effects (own chunks).
    if (client.getQueryData<Me>(meQueryKey)?.user) modules.push(...SIGNED_IN_MODULES);
    const state = JSON.stringify(dehydrate(client));
    return { html, state, modules, redirect: redirect.to, title: head.title };
  });
}
