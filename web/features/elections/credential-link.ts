// The private credential a voter's mailed link carries, kept for this tab only (sessionStorage).
// A small module of its own: the sign-in page takes the credential out of the address too.

const slot = (electionId: string) => `bem-kredensial:${electionId}`;

export function stored(electionId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(slot(electionId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function store(electionId: string, credential: string | undefined) {
  try {
    if (credential) window.sessionStorage.setItem(slot(electionId), credential);
    else window.sessionStorage.removeItem(slot(electionId));
  } catch {
    // A browser that keeps nothing: the voter types it again after a reload.
  }
}

/**
 * Takes the private credential from the mailed link's fragment (`#kredensial=…`, which the
 * browser never sends to the server), keeps it for this tab only, and takes it out of the
 * address bar and the history. Called before the sign-in guard, and by the sign-in page the
 * guard sends a signed-out voter to (the server's redirect keeps the fragment), so a voter who
 * must sign in first still has it when they come back.
 */
export function takeCredentialFromLink(electionId: string) {
  if (typeof window === 'undefined') return;
  const found = /(?:^#|&)kredensial=([^&]*)/.exec(window.location.hash);
  if (!found) return;
  store(electionId, decodeURIComponent(found[1]!).trim());
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
}
