import {
  isRichTextUrl,
  looksLikeHtml,
  plainToRichText,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from '@foyer/contract';
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Elements outside the list lose their tags but keep their text; these lose their text too.
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
  allowedStyles: {},
  allowedClasses: {},
  // Headings stay below the page's own (the session's name is the h1, its sections h2).
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const kept: sanitize.Attributes = { rel: RICH_TEXT_LINK_REL };
      if (href && isRichTextUrl(href)) kept.href = href;
      if (attribs.target === '_blank') kept.target = '_blank';
      return { tagName, attribs: kept };
    },
  },
  enforceHtmlBoundary: false,
  nestingLimit: 20,
};

/**
 * Where a browser's tokenizer opens a tag, an end tag, a comment or a declaration: "<" and a letter,
 * "/", "!" or "?". `looksLikeHtml` wants a whole tag with a space before its attributes, so it
 * reads "<img/src=x onerror=…>" and a tag left without its ">" as plain text.
 */
const TAG_OPEN = /<[a-z!/?]/i;

/**
 * E2.71: a rich-text value as it may be stored. HTML keeps only the allow-list of the contract
 * (no script, no event handlers, no style, no javascript: links); text without a tag is plain text
 * and is stored as it came. HTML whose every tag was removed is kept as one paragraph, so that it
 * is still read as HTML (its characters stay escaped). Text that `looksLikeHtml` calls plain but in
 * which a browser would still open a tag is stored escaped, as paragraphs: it reads the same in the
 * app, and whatever else shows it as HTML (an integration, a mail) gets text, never an element.
 */
export function sanitizeRichText(value: string): string {
  if (!looksLikeHtml(value)) return TAG_OPEN.test(value) ? plainToRichText(value) : value;
  const clean = sanitize(value, OPTIONS).trim();
  if (!clean || looksLikeHtml(clean)) return clean;
  return `<p>${clean}</p>`;
}
