/**
 * Where a sign-in sent from a guarded page goes back to: a path on this site only (never
 * `//host` or `/\\host`, which a browser reads as another site).
 */
export function nextPath(lanjut: string | null): string | undefined {
  if (!lanjut || !lanjut.startsWith('/') || /^\/[/\\]/.test(lanjut)) return undefined;
  return lanjut;
}
