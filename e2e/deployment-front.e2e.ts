import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTlsFront,
  TLS_FRONT_CHROMIUM_FLAG,
  type TlsFront,
  tlsFrontAvailable,
} from '../bench/lib/web-tls-front';
import { baseURL, DEFAULT_TIMEZONE, launchBrowser, VIEWPORTS } from './lib/browser';
import { demoEventId } from './lib/flows';
import { demoLogin, signInOnPage } from './lib/sign-in';

/**
 * The app behind the front docs/deploy.md puts before it: HAProxy terminating TLS and offering
 * HTTP/2 to browsers (`alpn h2,http/1.1`), HTTP/1.1 to the process. Needs haproxy and openssl
 * (Debian packages); skipped without them, as the scale-out bench is.
 */
describe.skipIf(!tlsFrontAvailable())('the app through HAProxy with TLS and HTTP/2 (docs/deploy.md)', () => {
  let browser: Browser;
  let front: TlsFront;

  beforeAll(async () => {
    const started = await startTlsFront(baseURL());
    if (!started) throw new Error('the TLS front did not start');
    front = started;
    browser = await launchBrowser({ extraArgs: [TLS_FRONT_CHROMIUM_FLAG] });
  });
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
  });

  it('signs in, shows the attendee tab over HTTP/2, and its realtime socket is answered through the front', async () => {
    const eventId = await demoEventId();
    const context = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      baseURL: front.baseURL,
      locale: 'en-US',
      timezoneId: DEFAULT_TIMEZONE,
      ignoreHTTPSErrors: true,
    });
    try {
      await context.addCookies([{ name: 'cookieconsent_status', value: 'dismiss', url: front.baseURL }]);
      const page = await context.newPage();
      await signInOnPage(page, demoLogin('attendee'));
      // Every WebSocket frame the page receives over a socket to the front.
      const frames: string[] = [];
      page.on('websocket', (socket) => {
        if (!socket.url().startsWith(front.baseURL.replace('https:', 'wss:'))) return;
        socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
      });
      await page.goto(`/event/${eventId}/attendees`);
      await page.getByTestId('attendee-card').first().waitFor();
      const protocol = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      );
      expect(protocol).toBe('h2');
      // A subscribe answered (socket.io's ack frame: 43<id>[{"ok":true,…}]): the socket connected
      // with the session's token and the server read its room, all through HAProxy.
      await expect
        .poll(() => frames.some((f) => /^43\d+\[\{"ok":true/.test(f)), { timeout: 15_000 })
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});
