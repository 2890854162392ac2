import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SUPPORT_WIDGET_META } from '@foyer/contract';

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] as string);

/**
 * The web app's page with the live-support widget's address in it (A1.18), so one build serves
 * every deployment: the server's VITE_SUPPORT_WIDGET_URL decides, not the build's. Read again when
 * the built file changes (a rebuild is served without a restart). Null without a widget: the built
 * file is sent as it is.
 */
export function spaPageWithWidget(
  webDist: string,
  widgetUrl: string | undefined,
): (() => Promise<string>) | null {
  if (!widgetUrl) return null;
  const file = join(webDist, 'index.html');
  const meta = `<meta name="${SUPPORT_WIDGET_META}" content="${escapeAttribute(widgetUrl)}" />`;
  let kept: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (kept?.mtimeMs !== mtimeMs) {
      const html = await readFile(file, 'utf8');
      kept = {
        mtimeMs,
        html: html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html,
      };
    }
    return kept.html;
  };
}
