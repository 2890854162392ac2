/**
 * E2.71: the rich-text form field stores HTML. The server cleans it before storing and the web app
 * cleans it again before showing it; both keep only what this allow-list names. Text without a tag
 * is plain text (descriptions written before the editor existed) and is shown as such.
 */

/** The elements a rich text may hold (what the editor makes, plus b and i from pasted or imported text). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h3',
  'h4',
] as const;

/** Elements dropped with everything inside them (the others outside the allow-list keep their text). */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'head',
  'title',
] as const;

/** The only attributes kept, per element. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
};

/** Link schemes kept; a link with any other scheme (javascript:, data:, vbscript:) loses its href. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** What every kept link's rel says, so a linked page cannot reach back into ours. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

/** Whether a link target may stay: one of the schemes above, or no scheme (a path on this site). */
export function isRichTextUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"); so does this.
  // They also read a backslash as a slash ("/\evil.example" is "//evil.example", another site).
  const url = [...value.toLowerCase()]
    .filter((c) => c.charCodeAt(0) > 32)
    .join('')
    .replace(/\\/g, '/');
  if (url.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
  return scheme === undefined || (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme);
}

/** Whether the text holds an HTML element (then it is rich text), not merely a "<" or "&". */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(text);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as rich text: one paragraph per line, so an old description opens as it looked. */
export function plainToRichText(text: string): string {
  if (looksLikeHtml(text)) return text;
  if (!text.trim()) return '';
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines.map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p></p>')).join('');
}
