/**
 * Where a sign-in sent from a guarded page goes back to: a path on this site only. Never
 * `//host` or `/\host` (a browser reads them as another site), and nothing with a backslash or a
 * control character (browsers drop tabs and newlines from addresses, so `/\t/host` is `//host`).
 */
export function nextPath(lanjut: string | null): string | undefined {
  if (!lanjut || !lanjut.startsWith('/') || lanjut.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(lanjut)) return undefined;
  return lanjut;
}
