import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUPPORT_WIDGET_META } from '@foyer/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOwnApp } from './lib/own-app';

/** Stands in for the support service's host (outside this machine): serves its script, counts loads. */
async function startWidgetHost(): Promise<{ url: string; loads: () => number; stop(): Promise<void> }> {
  let loads = 0;
  const server: Server = createServer((req, res) => {
    if (req.url !== '/widget.js') {
      res.writeHead(404).end();
      return;
    }
    loads += 1;
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end('window.__supportWidget = (window.__supportWidget || 0) + 1;');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/widget.js`,
    loads: () => loads,
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}

/** A1.18, A1.19: the support widget, configured when the server starts (not when the app is built). */
describe('live-support widget', () => {
  let widget: Awaited<ReturnType<typeof startWidgetHost>>;
  beforeAll(async () => {
    widget = await startWidgetHost();
  });
  afterAll(async () => {
    await widget?.stop();
  });
  const own = useOwnApp(() => ({ VITE_SUPPORT_WIDGET_URL: widget.url }));

  const open = async (path: string): Promise<Page> => {
    const page = await own.page();
    await page.goto(path);
    await page.getByTestId('login-email').waitFor();
    return page;
  };
  const ran = (page: Page) =>
    page.evaluate(() => (window as { __supportWidget?: number }).__supportWidget ?? 0);

  it('A1.18 the widget’s script loads once, allowed by the content security policy', async () => {
    const before = widget.loads();
    // The root address, as people type it: the app sends them on to sign in.
    const page = await open('/');
    await expect.poll(() => ran(page)).toBe(1);
    expect(widget.loads()).toBe(before + 1);
    expect(await page.locator('script[data-support-widget]').count()).toBe(1);
  });

  it('A1.19 inside the native shell the widget does not load', async () => {
    const before = widget.loads();
    const page = await open('/login?appNative');
    // The page read the widget's address and remembered the native flag: its check has run.
    expect(await page.locator(`meta[name="${SUPPORT_WIDGET_META}"]`).getAttribute('content')).toBe(
      widget.url,
    );
    await expect.poll(() => page.evaluate(() => localStorage.getItem('appNative'))).toBe('true');
    expect(await page.locator('script[data-support-widget]').count()).toBe(0);
    expect(await ran(page)).toBe(0);
    expect(widget.loads()).toBe(before);
  });
});
