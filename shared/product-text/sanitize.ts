import sanitizeHtml from 'sanitize-html';

/**
 * The spec's allow-list for product HTML: paragraphs, line breaks, lists, strong/emphasis/bold/italic, headings
 * 2 to 4, links with href, tables. No styles, scripts, images, classes or event attributes; everything else is
 * unwrapped to its text, and script and style lose their content too.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'h2',
    'h3',
    'h4',
    'a',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Block structure outside the list keeps its breaks: a top heading becomes the highest allowed one, a div a paragraph.
  transformTags: { h1: 'h2', h5: 'h4', h6: 'h4', div: 'p' },
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object'],
};

const BLOCK_TAG = /<\/?(p|ul|ol|li|h[2-4]|table|thead|tbody|tfoot|tr|th|td|caption)\b[^>]*>|<br\s*\/?>/gi;

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The same content without tags: block tags become spaces, entities their characters, whitespace collapsed. */
export function htmlText(sanitized: string): string {
  const spaced = sanitized.replace(BLOCK_TAG, (m) => ` ${m} `);
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ALLOWED.nonTextTags,
    parser: { decodeEntities: true },
  });
  return decodeAndCollapse(text);
}

/** The escapes sanitize-html writes (and &nbsp;) as their characters, whitespace collapsed. */
function decodeAndCollapse(escaped: string): string {
  return escaped
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// In sanitizeDescription's output every tag is whole and its attribute values escaped, and text holds no entity but
// the `&amp;`, `&lt;` and `&gt;` it escaped: parsing it again (htmlText) only drops the tags.
const TAG = /<[^>]*>/g;

/** htmlText of sanitizeDescription's output, without parsing it a second time (the same text: property-tested). */
export function sanitizedText(sanitized: string): string {
  return decodeAndCollapse(sanitized.replace(BLOCK_TAG, ' ').replace(TAG, ''));
}

/** `{html, text}` of stored HTML, or null when nothing is left after sanitising. */
export function descriptionOf(raw: string | null | undefined): { html: string; text: string } | null {
  if (raw === null || raw === undefined) return null;
  const html = sanitizeDescription(raw);
  const text = sanitizedText(html);
  return html === '' && text === '' ? null : { html, text };
}

/** The spec's limit on a short description, in characters (code points, as PostgreSQL's char_length counts them). */
export const SHORT_MAX = 500;

// Text with none of these is its own plain text: sanitising it would change nothing but its whitespace.
const MARKUP = /[<>&"']/;

/**
 * A short description as shoppers read it, on cards and product pages alike: the text without tags (as `htmlText`
 * gives it), at most 500 characters, never a half character; null when nothing is left.
 */
export function shortText(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = MARKUP.test(raw) ? htmlText(raw) : raw.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length <= SHORT_MAX ? text : Array.from(text).slice(0, SHORT_MAX).join('');
}
