const map: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML mail body or attribute. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => map[c] ?? c);
}
