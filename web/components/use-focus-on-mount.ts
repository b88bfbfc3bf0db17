import { useEffect, type RefObject } from 'react';

/**
 * Moves the focus to `ref` once it is shown (a heading, so a screen reader reads the new screen
 * out). In a task of its own: the page has just changed, and focusing lays it out; done in the
 * same task as the change, the two together can hold a phone's main thread for long.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [ref]);
}
