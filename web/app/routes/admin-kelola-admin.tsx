import { paths } from '../../config/paths.ts';
import { RequireRole } from '../guards.tsx';
import { PlaceholderPage } from './placeholder.tsx';

/** /admin/kelola-admin */
export function Component() {
  return (
    <RequireRole need="master" signInPath={paths.login}>
      <PlaceholderPage title="Kelola Admin" />
    </RequireRole>
  );
}
