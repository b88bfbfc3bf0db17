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
