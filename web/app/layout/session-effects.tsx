import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useIdleLogout } from '../../features/auth/hooks/use-idle-logout.ts';
import { useLiveSelf } from '../../features/auth/hooks/use-live-self.ts';
import { useSessionKeepAlive } from '../../features/auth/hooks/use-session-keep-alive.ts';
import { paths } from '../../config/paths.ts';

export const IDLE_LOGOUT_MESSAGE = 'Anda telah logout secara otomatis karena tidak ada aktivitas.';

/**
 * While someone is signed in: live updates of their own records, session keep-alive, idle logout,
 * and an admin held for a required second factor kept on Keamanan Akun.
 */
export function SessionEffects() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const userId = me.data?.user?.id;
  const here = useLocation().pathname;
  // An admin without a second factor the master requires is kept on Keamanan Akun until they add
  // it (the server refuses their admin requests meanwhile).
  const held = Boolean(me.data?.secondFactor.hold.length);
  useEffect(() => {
    if (held && here !== paths.keamananAkun) void navigate(paths.keamananAkun, { replace: true });
  }, [held, here, navigate]);
  useLiveSelf(userId);
  useSessionKeepAlive(Boolean(userId));
  useIdleLogout(Boolean(userId), () => {
    void (async () => {
      try {
        await signOut.mutateAsync();
      } catch (err) {
        console.error('Logout otomatis gagal', err);
      }
      window.alert(IDLE_LOGOUT_MESSAGE);
      await navigate(paths.login, { replace: true });
    })();
  });
  return null;
}
