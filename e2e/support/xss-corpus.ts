/**
 * Hostile text for every field a page renders. Each script-bearing payload sets its own marker
 * (`window.__xss_<n>`) or opens a dialog if it ever runs, so a test can tell which one got through.
 *
 * - `markup`: needs angle brackets; fields of plain text refuse them, rich text (article bodies)
 *   and a few free-text fields take them and must show or strip them.
 * - `plain`: no angle brackets: attribute breakouts, template syntax, encoded markup, dangerous
 *   URL schemes and markdown; plain-text fields accept these, so the page must show them as text.
 * - `name`: what a person's name may hold (letters, marks, spaces and . ' ’ , -): quote breakouts
 *   and stacked combining marks.
 * - `layout`: one very long word, which must wrap instead of widening the page.
 */
export type PayloadKind = 'markup' | 'plain' | 'name' | 'layout';
export type Payload = { n: number; kind: PayloadKind; text: string };

/** The marker a payload sets when it runs (absent for names and layout text). */
export const markerOf = (n: number) => `__xss_${n}`;

const base64 = (s: string) => Buffer.from(s).toString('base64');

export const XSS_CORPUS: readonly Payload[] = [
  { n: 1, kind: 'markup', text: '<script>window.__xss_1=1</script>' },
  { n: 2, kind: 'markup', text: '<img src=x onerror="window.__xss_2=1">' },
  { n: 3, kind: 'markup', text: '<svg/onload=window.__xss_3=1>' },
  { n: 4, kind: 'markup', text: '"><img src=x onerror=window.__xss_4=1>' },
  { n: 5, kind: 'markup', text: "'><svg onload=alert(5)>" },
  { n: 6, kind: 'markup', text: '</title><script>window.__xss_6=1</script>' },
  { n: 7, kind: 'markup', text: '</style></textarea><img src=x onerror=window.__xss_7=1>' },
  { n: 8, kind: 'markup', text: '<a href="javascript:window.__xss_8=1">klik</a>' },
  { n: 9, kind: 'markup', text: '<iframe srcdoc="<script>parent.__xss_9=1</script>"></iframe>' },
  {
    n: 10,
    kind: 'markup',
    text: '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss_10=1>',
  },
  { n: 11, kind: 'plain', text: 'javascript:window.__xss_11=1' },
  {
    n: 12,
    kind: 'plain',
    text: '" onmouseover="window.__xss_12=1" autofocus onfocus="window.__xss_12=1',
  },
  { n: 13, kind: 'plain', text: "' onfocus='window.__xss_13=1' autofocus='" },
  { n: 14, kind: 'plain', text: "{{constructor.constructor('window.__xss_14=1')()}}" },
  { n: 15, kind: 'plain', text: '${window.__xss_15=1}' + " #{alert('15')}" },
  { n: 16, kind: 'plain', text: '&lt;img src=x onerror=window.__xss_16=1&gt;' },
  { n: 17, kind: 'plain', text: '&#60;script&#62;window.__xss_17=1&#60;/script&#62;' },
  { n: 18, kind: 'plain', text: '\uff1cscript\uff1ewindow.__xss_18=1\uff1c/script\uff1e' },
  { n: 19, kind: 'plain', text: '[klik](javascript:window.__xss_19=1)' },
  { n: 20, kind: 'plain', text: '![foto](x" onerror="window.__xss_20=1)' },
  { n: 21, kind: 'plain', text: '%3Cscript%3Ewindow.__xss_21=1%3C%2Fscript%3E' },
  {
    n: 22,
    kind: 'plain',
    text: `data:text/html;base64,${base64('<script>window.__xss_22=1</script>')}`,
  },
  { n: 23, kind: 'name', text: "D'Arcy' O’Neil,- Ayu''" },
  { n: 24, kind: 'name', text: 'Z\u0334\u0321a\u0337\u0322l\u0335\u0328g\u0336\u031bo Dewi' },
  { n: 25, kind: 'layout', text: 'Pemberdayaanmahasiswanuklir'.repeat(3) },
];

/** Marker names of every payload, for checks that look at `window`. */
export const XSS_MARKERS = XSS_CORPUS.map((p) => markerOf(p.n));
