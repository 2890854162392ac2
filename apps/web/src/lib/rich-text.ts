import {
  isRichTextUrl,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_TAGS,
} from '@foyer/contract';

const KEPT = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED);
const HEADINGS: Record<string, string> = { h1: 'h3', h2: 'h3', h5: 'h4', h6: 'h4' };

/** An element of the allow-list, made anew with only its allowed attributes. */
function rebuilt(source: Element, tag: string): Element {
  const element = document.createElement(tag);
  const allowed = RICH_TEXT_ATTRIBUTES[tag] ?? [];
  if (tag === 'a') {
    const href = source.getAttribute('href')?.trim() ?? '';
    if (href && isRichTextUrl(href)) element.setAttribute('href', href);
    if (source.getAttribute('target') === '_blank') element.setAttribute('target', '_blank');
    element.setAttribute('rel', RICH_TEXT_LINK_REL);
    return element;
  }
  for (const name of allowed) {
    const value = source.getAttribute(name);
    if (value !== null) element.setAttribute(name, value);
  }
  return element;
}

/** Copies the allowed part of `from`'s children into `to`: text stays, unknown tags keep their text. */
function copyClean(from: Node, to: Node): void {
  for (const child of from.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element)) continue; // comments, processing instructions
    const name = child.localName.toLowerCase();
    if (DROPPED.has(name)) continue;
    const tag = HEADINGS[name] ?? name;
    if (KEPT.has(tag)) {
      const element = rebuilt(child, tag);
      copyClean(child, element);
      to.appendChild(element);
    } else {
      copyClean(child, to);
    }
  }
}

/**
 * E2.71: rich text as it may enter the page. The server already cleaned it when it was stored; this
 * builds it again from the contract's allow-list, so nothing else (scripts, handlers, styles,
 * script URLs) reaches the document even from older data. Parsing happens in an inert document.
 */
export function cleanRichText(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.createElement('div');
  copyClean(parsed.body, out);
  return out.innerHTML;
}
