import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { useUsageBeacon } from '../../features/usage/hooks/use-usage-beacon.ts';
import { RouteErrorBoundary } from '../route-error.tsx';
import { Footer } from './footer.tsx';
import { SessionEffects } from './session-effects.tsx';
import { TopBar } from './top-bar.tsx';

/** Scrolls to the top on every path change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The shell around every page: top bar, content, footer; the overlay while a page's code loads,
 * and the reload message instead of a page that failed to load or crashed.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  useUsageBeacon();
  return (
    <>
      <a className="skip-link" href="#main">
        Langsung ke konten
      </a>
      <ScrollToTop />
      <SessionEffects />
      <TopBar />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
