import { useEffect, useState } from 'react';

/**
 * A module a screen needs only after something happens (a vote cast, a ballot opened), kept out of
 * the page's first view. `preload()` starts loading it once; a component calls `useModule()` and
 * gets the module once it is there, or `failed` if it could not be loaded, so the screen shows a
 * plain version meanwhile instead of nothing. Browsers remember a failed import: after a failure
 * only a reload of the page loads it again.
 */
export function later<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const preload = () => (loading ??= load().then((m) => (loaded = m)));
  function useModule(): { module: T | undefined; failed: boolean } {
    const [state, setState] = useState({ module: loaded, failed: false });
    useEffect(() => {
      if (state.module) return;
      let live = true;
      preload().then(
        (module) => live && setState({ module, failed: false }),
        () => live && setState({ module: undefined, failed: true }),
      );
      return () => {
        live = false;
      };
    }, [state.module]);
    return state;
  }
  return { preload: () => void preload().catch(() => {}), useModule };
}
