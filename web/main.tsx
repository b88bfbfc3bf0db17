import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { prefetchLanding } from './app/prefetch.ts';
import { Providers } from './app/providers.tsx';
import { RouteErrorBoundary } from './app/route-error.tsx';
import { routes } from './app/router.tsx';
import './styles/global.css';
import './styles/layout.css';
import './styles/profile.css';
import './styles/elections.css';

function Routes() {
  return useRoutes(routes);
}

// The landing page's first data starts loading now, alongside its code.
void prefetchLanding(window.location.pathname);

// Declarative routing (no loaders are used): the router's data layer would double its code.
// Navigations are not transitions, so a page whose code is loading shows the loading overlay. The
// first render is one, so React renders it in slices and the phone's main thread stays responsive.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter useTransitions={false}>
          <RouteErrorBoundary>
            <Routes />
          </RouteErrorBoundary>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
