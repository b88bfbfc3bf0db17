import { lazy, type ComponentType } from 'react';

/** The spec's script chunk load timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Wraps a route module import so a chunk that never arrives fails after 120 s (and shows the
 * reload message) instead of leaving the page loading forever.
 */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              'Batas waktu memuat halaman terlampaui (error loading dynamically imported module).',
            ),
          ),
        CHUNK_TIMEOUT_MS,
      );
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
}

/**
 * A screen as a lazily loaded component: its module (which exports `Component`) loads when the
 * screen is first shown, within the chunk timeout. `waitFor`, if given, is awaited alongside the
 * code the first time (a screen's first data, so it does not first show without it); it never
 * makes the screen fail.
 */
export function lazyPage(
  load: () => Promise<{ Component: ComponentType }>,
  waitFor?: () => Promise<unknown>,
) {
  return lazy(async () => {
    const [module] = await Promise.all([lazyRoute(load)(), waitFor?.().catch(() => {})]);
    return { default: module.Component };
  });
}
