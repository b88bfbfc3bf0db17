import { createElement, use, type ComponentType } from 'react';

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
 * A component whose code loads when it is first rendered (suspending meanwhile: the nearest
 * Suspense boundary shows its fallback) or ahead, with `preload()`. Once loaded it renders at
 * once, with no suspension: a page the server rendered is taken over in one pass when its
 * components were preloaded. A failed load stays failed (the error boundary offers a reload), as
 * the browser remembers a failed import anyway.
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  function Loadable(props: P) {
    const Loaded = loaded ?? use(preload());
    return createElement(Loaded, props);
  }
  return Object.assign(Loadable, { preload });
}

/** A screen's component, with the build-manifest key of its module (`app/routes/<name>.tsx`). */
export type LazyScreen = ComponentType & { module: string; preload: () => Promise<unknown> };

/**
 * The screen `web/app/routes/<name>.tsx` (`load` imports it) as a lazily loaded component (see
 * loadable), within the chunk timeout. `waitFor`, if given, is awaited alongside the code the
 * first time in the browser (a screen's first data, so it does not first show without it); it
 * never makes the screen fail. The server, which renders the page ahead of the script, loads the
 * page's data itself (web/entry-server.tsx) and names the screen's module in the page by `name`
 * (app/router.test.ts checks that each name is its import's).
 */
export function lazyPage(
  name: string,
  load: () => Promise<{ Component: ComponentType }>,
  waitFor?: () => Promise<unknown>,
): LazyScreen {
  const inBrowser = typeof document !== 'undefined';
  const screen = loadable(() =>
    Promise.all([lazyRoute(load)(), inBrowser ? waitFor?.().catch(() => {}) : undefined]).then(
      ([module]) => module.Component,
    ),
  );
  return Object.assign(screen, { module: `app/routes/${name}.tsx` });
}

/** Loads the screens a path shows (the page and the layouts around it), for a render that needs them all. */
export function preloadScreens(
  matches: { route: { Component?: unknown } }[] | null,
): Promise<unknown> {
  return Promise.all(
    (matches ?? []).map((m) => (m.route.Component as Partial<LazyScreen> | undefined)?.preload?.()),
  );
}
