import sanitizeHtml from 'sanitize-html';

/** The tags an article body may hold; everything else is dropped (its text kept). */
const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'br',
  'hr',
];

const LINK_REL = 'noopener noreferrer';

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // Links only: an address and the fixed rel/target below. No style, class, id or handler anywhere.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  // The content of these is never text worth keeping.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      // Every kept link opens safely in a new tab; one without a usable address loses its tag.
      return {
        tagName,
        attribs: safeHref(href)
          ? { href, rel: LINK_REL, target: '_blank' }
          : ({} as sanitizeHtml.Attributes),
      };
    },
  },
  // A link left without an address becomes its text (only the tag goes).
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/**
 * True for an absolute http(s) or mailto address. The parser has already decoded entities
 * ("&#106;avascript:"); control characters and spaces browsers ignore inside a scheme are removed
 * before looking at it.
 */
function safeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  const plain = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^(https?:\/\/[^/]|mailto:[^/])/.test(plain);
}

/**
 * Cleans an article body with an allowlist before it is stored: paragraphs, h2/h3, bold,
 * italic, underline, strike, lists, quotes, code, line breaks, rules, and links to http, https
 * or mailto addresses (with rel="noopener noreferrer" target="_blank"). No script, event handler,
 * style, frame, image or javascript:/data: address survives.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The visible text of sanitised HTML, on one line (for summaries and the "has a body" check). */
export function htmlToText(html: string): string {
  return sanitizeHtml(
    html.replace(/<(br|\/p|\/h[23]|\/li|\/blockquote|\/pre|hr)\b[^>]*>/gi, ' $&'),
    {
      allowedTags: [],
      allowedAttributes: {},
    },
  )
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
