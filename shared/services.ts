// The service constants and link rules the web app needs without the validation library (its
// public pages load them; the schemas in schemas/services.ts build on them and re-export them).

/** The categories of the services (Layanan), in the order the page shows them. */
export const SERVICE_CATEGORIES = [
  'Advokasi & Kesejahteraan',
  'Akademik & Beasiswa',
  'Fasilitas & Peminjaman',
  'Aspirasi',
  'Konseling',
  'Lainnya',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 1000,
  linkMax: 500,
  contactMax: 200,
  hoursMax: 200,
  /** Services per page in the admin list. */
  adminPageSize: 20,
  /** Services per page on /layanan (all of them in practice). */
  publicPageSize: 100,
} as const;

/** Link schemes a service may point at: web pages, email, phone and WhatsApp. */
export const SERVICE_LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:', 'whatsapp:'] as const;

/** True when `link` is a link the server accepts (see SERVICE_LINK_SCHEMES). */
export function isAllowedServiceLink(link: string): boolean {
  // Visible ASCII only (non-ASCII is sent percent-encoded): no spaces, control characters, quotes
  // or angle brackets anywhere.
  if (!/^[!-~]+$/.test(link) || /["'<>`\\]/.test(link)) return false;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  const scheme = url.protocol.toLowerCase();
  if (!(SERVICE_LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  if (scheme === 'http:' || scheme === 'https:')
    return /^[a-z0-9.-]+$/i.test(url.hostname) && url.hostname.includes('.');
  if (scheme === 'mailto:') return /^mailto:[^@?]+@[^@?]+\.[^@?]+(\?.*)?$/i.test(link);
  if (scheme === 'tel:') return /^tel:\+?[0-9][0-9-]{2,19}$/i.test(link);
  return /^whatsapp:\/\/send\?/i.test(link);
}

/** How a service's link is offered: its kind decides the button's words. */
export function serviceLinkKind(link: string): 'web' | 'email' | 'phone' | 'whatsapp' | null {
  if (!link) return null;
  const lower = link.toLowerCase();
  if (lower.startsWith('mailto:')) return 'email';
  if (lower.startsWith('tel:')) return 'phone';
  if (
    lower.startsWith('whatsapp:') ||
    /^https:\/\/(wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\//.test(lower)
  )
    return 'whatsapp';
  return 'web';
}
