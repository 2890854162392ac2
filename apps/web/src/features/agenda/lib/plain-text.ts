/** A description that may hold simple HTML, as plain text with its paragraph breaks (never as markup). */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h\d)>/gi, '\n');
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
