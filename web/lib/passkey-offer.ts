import { useEffect, useSyncExternalStore } from 'react';

/**
 * The passkey offered after a password sign-in (features/profile/components/passkey-offer.tsx),
 * on the page that sign-in lands on, once. It lives in this tab's memory only: the server never
 * renders it, and a reload or any other full page load ends it (nothing appears on a page the
 * reader is already looking at). This is the part every page's shell needs, whether the offer is
 * shown here; making and ending it is in passkey-offer-sign-in.ts, with the sign-in.
 */
type Offer = { path: string; reached: boolean };
let offer: Offer | null = null;
const listeners = new Set<() => void>();
let loader: (() => Promise<unknown>) | null = null;

/** Shows the offer on the page at `path` (null: ends it). */
export function setPasskeyOffer(path: string | null) {
  offer = path === null ? null : { path, reached: false };
  for (const listener of listeners) listener();
}

/** The shell names how the offer's code loads, so a sign-in can fetch it before landing. */
export function registerPasskeyOfferLoader(load: () => Promise<unknown>) {
  loader = load;
}

/** Loads the offer's code (resolves at once when the shell has not named how). */
export const loadPasskeyOffer = () => loader?.() ?? Promise.resolve();

/** The landing page reached (the offer shows there), or left after it was reached (it ends). */
function arrivedOrLeft(here: boolean) {
  if (!offer) return;
  if (here) offer.reached = true;
  else if (offer.reached) setPasskeyOffer(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Whether the offer shows at `pathname`: only on the page the sign-in landed on, and going
 * anywhere else from there ends it.
 */
export function usePasskeyOfferAt(pathname: string): boolean {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  const here = current !== null && current.path === pathname;
  useEffect(() => arrivedOrLeft(here), [current, here]);
  return here;
}
