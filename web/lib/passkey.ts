/** What a browser says when the person closed the passkey prompt, or it timed out. */
export const isPasskeyCancel = (err: unknown) =>
  err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

/** True in a browser that can use passkeys at all. */
export const browserHasPasskeys = () =>
  typeof window !== 'undefined' && 'PublicKeyCredential' in window;
