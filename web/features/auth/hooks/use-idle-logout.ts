import { useEffect, useRef } from 'react';

/** The spec's idle timeout: 15 minutes without mouse move, mouse down or key down. */
export const IDLE_TIMEOUT_MS = 900_000;
const STORAGE_KEY = 'bem:last-activity';
const EVENTS = ['mousemove', 'mousedown', 'keydown'] as const;

function readShared(): number {
  const v = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isFinite(v) ? v : 0;
}

/**
 * Calls `onIdle` once after 15 minutes without activity while `active`. The last activity is
 * shared through localStorage, so activity in one tab keeps every tab of the site alive.
 */
export function useIdleLogout(active: boolean, onIdle: () => void) {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    if (!active) return;
    let last = Date.now();
    let written = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let fired = false;

    const record = () => {
      last = Date.now();
      // Writing on every mouse move is wasteful; once a second is plenty for a 15-minute timer.
      if (last - written > 1000) {
        written = last;
        try {
          localStorage.setItem(STORAGE_KEY, String(last));
        } catch {
          // storage unavailable (private mode): this tab still keeps its own time
        }
      }
    };
    const check = () => {
      const newest = Math.max(last, readShared());
      const remaining = newest + IDLE_TIMEOUT_MS - Date.now();
      if (remaining <= 0) {
        if (!fired) {
          fired = true;
          onIdleRef.current();
        }
        return;
      }
      timer = setTimeout(check, remaining);
    };

    written = 0;
    record();
    for (const e of EVENTS) window.addEventListener(e, record, { passive: true });
    timer = setTimeout(check, IDLE_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      for (const e of EVENTS) window.removeEventListener(e, record);
    };
  }, [active]);
}
