import { createContext, useContext } from 'react';
import { Navigate, useResolvedPath } from 'react-router';

/** Set while the server renders a page: takes where a <Redirect> sends it instead. */
export const ServerRedirect = createContext<((to: string) => void) | null>(null);

/**
 * Sends the visitor elsewhere: in the browser the router navigates; in the server's render the
 * page is answered with a redirect to the same place, so nothing is shown before it.
 */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirect);
  const { pathname, search } = useResolvedPath(to);
  if (server) {
    server(pathname + search);
    return null;
  }
  return <Navigate to={to} replace />;
}
