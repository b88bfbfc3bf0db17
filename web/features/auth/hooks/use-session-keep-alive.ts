import { useEffect } from 'react';

/** How often, at most, an active person's session is refreshed on the server. */
const PING_EVERY_MS = 5 * 60_000;
const EVENTS = ['mousemove', 'mousedown', 'keydown'] as const;

/**
 * The server ends a session 30 minutes after its last refresh, and reading data never refreshes
 * it. While the person is active, this asks for a refresh at most every five minutes.
 */
export function useSessionKeepAlive(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let last = Date.now();
    let pending = false;
    const onActivity = () => {
      if (pending || Date.now() - last < PING_EVERY_MS) return;
      pending = true;
      last = Date.now();
      fetch('/api/auth/get-session', { credentials: 'same-origin' })
        .catch(() => {})
        .finally(() => {
          pending = false;
        });
    };
    for (const e of EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      for (const e of EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [active]);
}
