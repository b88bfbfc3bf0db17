import { useEffect, useSyncExternalStore } from 'react';
import { browserHasPasskeys } from './passkey.ts';

/**
 * The passkey offered after a password sign-in (features/profile/components/passkey-offer.tsx),
 * on the page that sign-in lands on, once. It lives in this tab's memory only: the server never
 * renders it, and a reload or any other full page load ends it (nothing appears on a page the
 * reader is already looking at). A device's "do not offer again" is kept in localStorage.
 */
const NEVER = 'bem:passkey-jangan-tawarkan';

/** How long a sign-in waits for the offer's code before landing without it. */
const LOAD_WAIT_MS = 3000;

type Offer = { path: string; reached: boolean };
let offer: Offer | null = null;
const listeners = new Set<() => void>();
let loader: (() => Promise<unknown>) | null = null;

function set(next: Offer | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/** The shell names how the offer's code loads, so a sign-in can fetch it before landing. */
export function registerPasskeyOfferLoader(load: () => Promise<unknown>) {
  loader = load;
}

/** Fetches the offer's code ahead (a sign-in form, while the person types), where it may show. */
export function preloadPasskeyOffer() {
  if (browserHasPasskeys()) loader?.().catch(() => {});
}

/**
 * After a password sign-in (before navigating to `to`): offers a passkey on that page to someone
 * who has none, in a browser that can make one, unless this device said never. The offer's code is
 * loaded first, so it appears together with the page (a late arrival would push the page down).
 */
export async function offerPasskeyAfterSignIn(passkeys: number, to: string) {
  if (passkeys > 0 || !browserHasPasskeys()) return;
  try {
    if (localStorage.getItem(NEVER) === '1') return;
  } catch {
    // Storage refused (private mode): offered, and "never" is not remembered.
  }
  // Its code not there within a moment (a slow network): no offer, the sign-in goes on.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loaded = await Promise.race([
    (loader?.() ?? Promise.resolve()).then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LOAD_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!loaded) return;
  set({ path: new URL(to, window.location.href).pathname, reached: false });
}

/** Ends the offer; `forGood` remembers on this device never to offer again. */
export function endPasskeyOffer(forGood: boolean) {
  set(null);
  if (!forGood) return;
  try {
    localStorage.setItem(NEVER, '1');
  } catch {
    // As above.
  }
}

/** The landing page reached (the offer shows there), or left after it was reached (it ends). */
function arrivedOrLeft(here: boolean) {
  if (!offer) return;
  if (here) offer.reached = true;
  else if (offer.reached) set(null);
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
