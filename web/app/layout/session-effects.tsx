import { useNavigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useIdleLogout } from '../../features/auth/hooks/use-idle-logout.ts';
import { useLiveSelf } from '../../features/auth/hooks/use-live-self.ts';
import { useSessionKeepAlive } from '../../features/auth/hooks/use-session-keep-alive.ts';
import { paths } from '../../config/paths.ts';

export const IDLE_LOGOUT_MESSAGE = 'Anda telah logout secara otomatis karena tidak ada aktivitas.';

/** While someone is signed in: live updates of their own records, session keep-alive, idle logout. */
export function SessionEffects() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const userId = me.data?.user?.id;
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
