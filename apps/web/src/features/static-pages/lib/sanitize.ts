/** Elements that run code, load other documents or change the page around the content. */
const DROPPED = 'script, iframe, frame, object, embed, link, meta, base, style, form, noscript';
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href'];

/** Only links to http(s), mail, phone, in-page anchors and our own paths survive. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"); so does this.
  const url = [...value.toLowerCase()].filter((c) => c.charCodeAt(0) > 32).join('');
  return !/^[a-z][a-z0-9+.-]*:/.test(url) || /^(https?|mailto|tel):/.test(url);
}

/**
 * The static pages come from our own server, but the HTML is still cleaned before it enters the
 * document: scripts and frames go, event-handler attributes go, and so do script URLs.
 */
export function sanitizeHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll(DROPPED)) element.remove();
  for (const element of template.content.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') {
        element.removeAttribute(attribute.name);
      } else if (URL_ATTRIBUTES.includes(name) && !isSafeUrl(attribute.value)) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'A' && /^https?:/i.test(element.getAttribute('href') ?? '')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return template.innerHTML;
}
