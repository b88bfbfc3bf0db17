import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isCountedPage, normalizePagePath } from '../../../../shared/page-paths.ts';
import { send } from '../send.ts';

/**
 * The web-vitals of this page load. Their code (vitals.ts, with the `web-vitals` package) loads
 * once the page has loaded and the browser is idle; should it fail to load, nothing is measured.
 */
function watchVitals(path: string) {
  afterLoad(() =>
    import('../vitals.ts').then(
      (m) => m.watchVitals(path),
      () => {},
    ),
  );
}

/**
 * Runs `start` once the page has loaded and the browser is idle, so the measuring code never
 * competes with what the first view needs (web-vitals reads the buffered entries of earlier events).
 */
function afterLoad(start: () => unknown) {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start(), { timeout: 5000 })
      : setTimeout(() => void start(), 1000);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Set by the first route the app shows: the page load the web-vitals belong to. */
let landed = false;

/**
 * First-party usage counting: one beacon per route change with the page's path (no query), and the
 * page load's web-vitals. Nothing identifies the visitor; the admin area is never counted.
 */
export function useUsageBeacon() {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const path = normalizePagePath(pathname);
    const landing = !landed;
    landed = true;
    if (last.current === path) return;
    last.current = path;
    if (!isCountedPage(path)) return;
    send('/api/metrics/view', { path });
    if (landing) watchVitals(path);
  }, [pathname]);
}
