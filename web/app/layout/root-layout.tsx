import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { useUsageBeacon } from '../../features/usage/hooks/use-usage-beacon.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { paths } from '../../config/paths.ts';
import { registerPasskeyOfferLoader, usePasskeyOfferAt } from '../../lib/passkey-offer.ts';
import { loadable } from '../lazy.ts';
import { RouteErrorBoundary } from '../route-error.tsx';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';

// What runs while someone is signed in (keep-alive, idle logout, live updates of their records):
// its code loads only for them, beside the account menu's.
const SessionEffects = loadable(() =>
  import('./session-effects.tsx').then((m) => m.SessionEffects),
);

// The passkey offered once after a password sign-in; its code loads during that sign-in.
const PasskeyOffer = loadable(() =>
  import('../../features/profile/components/passkey-offer.tsx').then((m) => m.PasskeyOffer),
);
registerPasskeyOfferLoader(() => PasskeyOffer.preload());

/** Loads the signed-in effects ahead (a signed-in page the server rendered is taken over at once). */
export const preloadSessionEffects = () => SessionEffects.preload();

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
  const me = useMe();
  const offerPasskey = usePasskeyOfferAt(pathname) && pathname !== paths.keamananAkun;
  useUsageBeacon();
  return (
    <>
      <a className="skip-link" href="#main">
        Langsung ke konten
      </a>
      <ScrollToTop />
      {me.data?.user ? (
        <Suspense fallback={null}>
          <SessionEffects />
        </Suspense>
      ) : null}
      <TopBar />
      <main id="main" tabIndex={-1}>
        {me.data?.user && offerPasskey ? (
          <Suspense fallback={null}>
            <PasskeyOffer />
          </Suspense>
        ) : null}
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
