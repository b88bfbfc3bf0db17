import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { useMe, type Me } from '../features/auth/api/get-me.ts';
import { Redirect } from './redirect.tsx';
import { paths } from '../config/paths.ts';

type Need = 'signedIn' | 'voter' | 'admin' | 'master';

function allowed(me: Me, need: Need): boolean {
  if (!me.user) return false;
  if (need === 'voter') return me.abilities.isVoter;
  if (need === 'admin') return me.abilities.isAdmin;
  if (need === 'master') return me.abilities.isMaster;
  return true;
}

/**
 * Guards a screen on the server's view of the person (the server refuses the data anyway).
 * Signed out: to the sign-in page, which brings them back here afterwards (`?lanjut=`); signed in
 * without the role: to their own landing.
 */
export function RequireRole({
  need,
  signInPath,
  children,
}: {
  need: Need;
  signInPath: string;
  children: ReactNode;
}) {
  const me = useMe();
  const here = useLocation();
  if (me.isPending) return <LoadingOverlay />;
  if (me.isError || !me.data.user)
    return (
      <Redirect
        to={`${signInPath}?${new URLSearchParams({ lanjut: here.pathname + here.search }).toString()}`}
      />
    );
  // An admin held for a second factor the master requires adds it first.
  if (need === 'admin' || need === 'master')
    if (me.data.secondFactor.hold.length) return <Redirect to={paths.keamananAkun} />;
  if (!allowed(me.data, need)) return <Redirect to="/" />;
  return <>{children}</>;
}
