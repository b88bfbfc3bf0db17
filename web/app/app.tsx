import { useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error.tsx';
import { routes } from './router.tsx';

function Routes() {
  return useRoutes(routes);
}

/** The whole app inside its router: the same tree in the browser and in a server render. */
export function App() {
  return (
    <RouteErrorBoundary>
      <Routes />
    </RouteErrorBoundary>
  );
}
