import {
  isRichTextUrl,
  looksLikeHtml,
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
 * E2.71: a rich-text value as it may be stored. HTML keeps only the allow-list of the contract
 * (no script, no event handlers, no style, no javascript: links); text without a tag is plain text
 * and is stored as it came. HTML whose every tag was removed is kept as one paragraph, so that it
 * is still read as HTML (its characters stay escaped).
 */
export function sanitizeRichText(value: string): string {
  if (!looksLikeHtml(value)) return value;
  const clean = sanitize(value, OPTIONS).trim();
  if (!clean || looksLikeHtml(clean)) return clean;
  return `<p>${clean}</p>`;
}
