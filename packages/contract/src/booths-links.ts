/**
 * E2.56, E7.34: the rule for a booth document's link, the same on the way in (the schema stores what
 * `boothLink` answers) and on the way out (the booth page links only what it accepts, since rows saved
 * before the rule may hold anything):
 *
 * - an http(s) address, stored as the URL parser writes it: scheme and host in lower case, an IDN host
 *   in punycode (what the browser will really open), spaces and the like percent-encoded;
 * - a bare host ("www.acme.example", "acme.example/deck.pdf") gets https:// in front;
 * - an app's own path ("/uploads/…"), kept on this origin;
 * - everything else is refused: other schemes in any case (javascript:, data:, vbscript:, mailto:,
 *   ftp:…), control characters anywhere (a browser silently drops tabs and line breaks, so
 *   "java\tscript:" is "javascript:"), protocol-relative "//host" and "\\host", a user name or
 *   password (https://acme.example@evil.example opens evil.example), a host without a dot, and
 *   anything longer than BOOTH_LINK_MAX once normalised.
 */

/** Longest link stored (after normalising). */
export const BOOTH_LINK_MAX = 2000;
/** Message key of a link that is not a web address (web catalogue expo.json, server messages.ts). */
export const BOOTH_LINK_ERROR = 'expo.form.error.link';
/** Message key of a web address naming a user or password. */
export const BOOTH_LINK_CREDENTIALS = 'expo.form.error.linkCredentials';
const TOO_LONG = 'validation.error.maxLength';

export type BoothLinkResult = { ok: true; url: string } | { ok: false; error: string };

const refused = (error: string): BoothLinkResult => ({ ok: false, error });

/** C0 controls, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const WEB_SCHEME = /^https?:\/\//i;
/** A host name with a dot (letters of any script), an optional port, then the end or a path. */
const BARE_HOST = /^(?:[\p{L}\p{N}_-]+\.)+[\p{L}\p{N}-]+(?::\d{1,5})?(?:[/?#]|$)/u;
/** Parses app paths only: a path that names another host is refused. */
const OWN_ORIGIN = 'https://own.invalid';

function ownPath(value: string): BoothLinkResult {
  try {
    const url = new URL(value, OWN_ORIGIN);
    // "/\evil.example" reads as "//evil.example" (another site): its origin tells.
    if (url.origin !== OWN_ORIGIN || value.startsWith('//') || value.includes('\\')) {
      return refused(BOOTH_LINK_ERROR);
    }
    return { ok: true, url: `${url.pathname}${url.search}${url.hash}` };
  } catch {
    return refused(BOOTH_LINK_ERROR);
  }
}

function webAddress(value: string): BoothLinkResult {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refused(BOOTH_LINK_ERROR);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused(BOOTH_LINK_ERROR);
  if (url.username || url.password || /^https?:\/\/[^/?#]*@/i.test(value)) {
    return refused(BOOTH_LINK_CREDENTIALS);
  }
  const labels = url.hostname.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return refused(BOOTH_LINK_ERROR);
  return { ok: true, url: url.href };
}

/** A document link as it is stored, or the message key that refuses it (see above). */
export function boothLink(input: string): BoothLinkResult {
  const value = input.trim();
  if (value === '') return refused('validation.error.required');
  if (CONTROL.test(value)) return refused(BOOTH_LINK_ERROR);
  let result: BoothLinkResult;
  if (value.startsWith('/') || value.startsWith('\\')) result = ownPath(value);
  else if (WEB_SCHEME.test(value)) result = webAddress(value);
  else if (BARE_HOST.test(value)) result = webAddress(`https://${value}`);
  // "user@acme.example/deck.pdf": a bare host with a user name (no scheme before the @).
  else if (/^[^/?#:]*@/.test(value)) result = refused(BOOTH_LINK_CREDENTIALS);
  else result = refused(BOOTH_LINK_ERROR);
  if (result.ok && result.url.length > BOOTH_LINK_MAX) return refused(TOO_LONG);
  return result;
}

/** Where a stored document links to, or null when it may not be a link (a row saved before the rule). */
export function boothDocumentHref(url: string): string | null {
  const result = boothLink(url);
  return result.ok ? result.url : null;
}

/**
 * Only web links and the app's own paths are followed (no javascript: or data: links). Looser than
 * `boothLink` (credentials pass, nothing is normalised): the event's banner image reads it.
 */
export function safeLink(url: string): string | null {
  const value = url.trim();
  // A browser drops tabs and line breaks in a link and reads "\" as "/": "/\evil" is "//evil".
  if (/^\/(?!\/)/.test(value.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'))) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
