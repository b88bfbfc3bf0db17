import { useEffect } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error.tsx';
import { routes } from './router.tsx';

function Routes() {
  return useRoutes(routes);
}

/**
 * Brings the router to the address bar once the app is in place. The router hears of history
 * changes only from its mounting on, so one made while the app was taking a rendered page over
 * (back or forward, a link to a #part of the page, the booth taking the credential out of the
 * address) would otherwise leave the page showing another address than the bar.
 */
function LocationCatchUp() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (pathname !== location.pathname || search !== location.search || hash !== location.hash)
      void navigate(`${pathname}${search}${hash}`, { replace: true });
    // Once, when mounted: later changes reach the router through its own listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** The whole app inside its router: the same tree in the browser and in a server render. */
export function App() {
  return (
    <RouteErrorBoundary>
      <LocationCatchUp />
      <Routes />
    </RouteErrorBoundary>
  );
}
