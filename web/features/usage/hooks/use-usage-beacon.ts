import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isCountedPage, normalizePagePath, type VitalName } from '../../../../shared/page-paths.ts';

/** Fire and forget: sendBeacon survives the page being closed; fetch keepalive where it is missing. */
function send(url: string, body: unknown) {
  const data = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(url, new Blob([data], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon; the fetch below does the same job.
  }
  void fetch(url, {
    method: 'POST',
    body: data,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}

/**
 * The web-vitals of this page load, measured by the `web-vitals` package (loaded after the page,
 * in its own small chunk) and sent in batches: when the page is hidden, and shortly after the
 * first values arrive. Attributed to the page the visitor landed on.
 */
function watchVitals(path: string) {
  const queue = new Map<VitalName, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!queue.size) return;
    const metrics = [...queue].map(([name, value]) => ({ name, value }));
    queue.clear();
    send('/api/metrics/vitals', { path, metrics });
  };
  const report = (m: { name: VitalName; value: number }) => {
    queue.set(m.name, m.value);
    timer ??= setTimeout(flush, 5000);
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    onCLS(report);
    onFCP(report);
    onINP(report);
    onLCP(report);
    onTTFB(report);
  });
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
