import type { Page } from '@playwright/test';

/** The page's layout shift so far (CLS's sum, shifts right after input excluded). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            list
              .getEntries()
              .map((e) => e as PerformanceEntry & { value: number; hadRecentInput: boolean })
              .filter((e) => !e.hadRecentInput)
              .reduce((sum, e) => sum + e.value, 0),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 200);
      }),
  );
}
