import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import { preloadScreens } from './app/lazy.ts';
import { preloadAccountMenu } from './app/layout/top-bar.tsx';
import { preloadSessionEffects } from './app/layout/root-layout.tsx';
import { meQueryKey, type Me } from './features/auth/api/get-me.ts';
import { prefetchLanding } from './app/prefetch.ts';
import { Providers } from './app/providers.tsx';
import { queryClient } from './lib/query-client.ts';
import { routes } from './app/router.tsx';
import './styles/global.css';
import './styles/layout.css';
import './styles/profile.css';
import './styles/elections.css';

// Declarative routing (no loaders are used): the router's data layer would double its code.
// Navigations are not transitions, so a page whose code is loading shows the loading overlay.
const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const container = document.getElementById('root')!;
const rendered = document.getElementById('ssr-state');
if (rendered) {
  // The server rendered this page with its data (web/entry-server.tsx): the same data makes the
  // same tree, which takes over the HTML already shown.
  // The page's screens are loaded first (the server named them in the HTML, so they are on their
  // way), and the page is taken over in one piece.
  hydrate(queryClient, JSON.parse(rendered.textContent || '{}'));
  const me = queryClient.getQueryData<Me>(meQueryKey);
  void Promise.all([
    preloadScreens(matchRoutes(routes, window.location)),
    me?.user ? preloadAccountMenu() : null,
    me?.user ? preloadSessionEffects() : null,
  ])
    .catch(() => {})
    .then(() => hydrateRoot(container, app));
} else {
  // The landing page's first data starts loading now, alongside its code. The first render is a
  // transition, so React renders it in slices and the phone's main thread stays responsive.
  void prefetchLanding(window.location.pathname);
  startTransition(() => createRoot(container).render(app));
}
