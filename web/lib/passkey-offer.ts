/**
 * The passkey offer shown once after a password sign-in (features/profile/components/
 * passkey-offer.tsx): a flag for this tab's session, and a device's "do not offer again".
 */
const OFFER = 'bem:tawarkan-passkey';
const NEVER = 'bem:passkey-jangan-tawarkan';

/** After a password sign-in of someone without a passkey: offer one on the page they land on. */
export function offerPasskeyAfterSignIn(passkeys: number) {
  try {
    if (passkeys === 0 && localStorage.getItem(NEVER) !== '1') sessionStorage.setItem(OFFER, '1');
  } catch {
    // Storage refused (private mode): no offer, nothing else changes.
  }
}

export function passkeyOfferPending(): boolean {
  try {
    return sessionStorage.getItem(OFFER) === '1';
  } catch {
    return false;
  }
}

export function endPasskeyOffer(forGood: boolean) {
  try {
    sessionStorage.removeItem(OFFER);
    if (forGood) localStorage.setItem(NEVER, '1');
  } catch {
    // As above.
  }
}
