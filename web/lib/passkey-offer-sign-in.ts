import { browserHasPasskeys } from './passkey.ts';
import { loadPasskeyOffer, setPasskeyOffer } from './passkey-offer.ts';

/** Where a device's "do not offer again" is kept. */
const NEVER = 'bem:passkey-jangan-tawarkan';

/** How long a sign-in waits for the offer's code before landing without it. */
const LOAD_WAIT_MS = 3000;

/** Fetches the offer's code ahead (a sign-in form, while the person types), where it may show. */
export function preloadPasskeyOffer() {
  if (browserHasPasskeys()) loadPasskeyOffer().catch(() => {});
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
    loadPasskeyOffer().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LOAD_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!loaded) return;
  setPasskeyOffer(new URL(to, window.location.href).pathname);
}

/** Ends the offer; `forGood` remembers on this device never to offer again. */
export function endPasskeyOffer(forGood: boolean) {
  setPasskeyOffer(null);
  if (!forGood) return;
  try {
    localStorage.setItem(NEVER, '1');
  } catch {
    // As above.
  }
}
