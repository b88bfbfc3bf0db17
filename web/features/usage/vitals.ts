import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { VitalName } from '../../../shared/page-paths.ts';
import { send } from './send.ts';

/**
 * The web-vitals of this page load, measured by the `web-vitals` package and sent in batches: when
 * the page is hidden, and shortly after the first values arrive. Attributed to the page the visitor
 * landed on. This module (with the package) loads once the page has loaded and the browser is idle
 * (use-usage-beacon.ts); web-vitals reads the buffered entries of what happened before.
 */
export function watchVitals(path: string) {
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
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
