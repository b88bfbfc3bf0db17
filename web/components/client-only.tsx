import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * False while the server renders the page and while the browser takes that HTML over (the first
 * render must be the server's); true from then on, and at once on screens the browser renders
 * itself. For what only a browser knows: its storage, its styles, a canvas.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** `children` only in the browser (see useHydrated); `fallback` in the server's HTML. */
export function ClientOnly({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useHydrated() ? children : fallback;
}
