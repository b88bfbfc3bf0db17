import { paths } from '../../config/paths.ts';
import { RequireRole } from '../guards.tsx';
import { PlaceholderPage } from './placeholder.tsx';

/** /admin */
export function Component() {
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <PlaceholderPage title="Dashboard BEM" />
    </RequireRole>
  );
}
