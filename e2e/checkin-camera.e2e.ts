import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser } from './lib/browser';
import { badgeLink, freshTicket, launchCameraBrowser, writeQrVideo } from './lib/checkin';
import { demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('checkin-camera');

/**
 * Camera scanning in the browser (E9.26–E9.31): Chromium's fake camera plays a video of a badge's
 * QR code, and the page reads it with the app's own WebAssembly decoder.
 */
describe('check-in with the camera', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eventId: number;
  let guest: { ticketId: string; name: string };
  let dir: string;

  beforeAll(async () => {
    eventId = await demoEventId();
    guest = await freshTicket(eventId, 'Cem', 'Camerascan');
    dir = mkdtempSync(join(tmpdir(), 'foyer-camera-'));
    const video = join(dir, 'badge.y4m');
    writeQrVideo(video, badgeLink(guest.ticketId));
    browser = await launchCameraBrowser(video);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function openCamera(viewport: 'desktop' | 'mobile'): Promise<{ page: Page; wasm: string[] }> {
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('organizer'), { viewport, landing: 'none' }));
    await context.grantPermissions(['camera'], { origin: baseURL() });
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('.wasm')) wasm.push(request.url());
    });
    await page.goto(`/event/${eventId}/`);
    if (viewport === 'mobile') await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-source').getByText('Camera').click();
    return { page, wasm };
  }

  it('E9.26 E9.27 E9.28 E9.30 E4.66 E4.67 E2.79 reads a badge with the camera; paused on the result until "Scan next"', async () => {
    const { page, wasm } = await openCamera('desktop');
    const camera = page.getByTestId('check-in-camera');
    await page.getByLabel('Camera preview').waitFor();
    const result = page.getByTestId('check-in-result');
    await result
      .and(page.locator('[data-outcome="checkedIn"]'))
      .getByText(`${guest.name} is checked in`)
      .waitFor();
    expect(await result.getAttribute('data-tone')).toBe('success');
    // Individual mode: the camera waits while the result is on screen.
    await camera.and(page.locator('[data-state="paused"]')).waitFor();
    await expectAccessible(page, 'scanned-1280');
    // The decoder came from this app, not from a CDN.
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm) expect(new URL(url).origin).toBe(new URL(baseURL()).origin);

    await result.getByTestId('check-in-next').click();
    await result.waitFor({ state: 'detached' });
    await camera.and(page.locator('[data-state="live"]')).waitFor();
  });

  it('E8.08 E9.31 at 375 px the same badge again is already checked in', async () => {
    const { page } = await openCamera('mobile');
    const result = page.getByTestId('check-in-result');
    await result
      .and(page.locator('[data-outcome="alreadyCheckedIn"]'))
      .getByText(`${guest.name} is already checked in`)
      .waitFor();
    expect(await result.getAttribute('data-tone')).toBe('warning');
    await expectAccessible(page, 'scanned-375');
  });

  it('E8.21 E8.22 a camera the page may not use shows a red box, and the device keeps the error', async () => {
    const plain = await launchBrowser();
    try {
      ({ context } = await signIn(plain, demoLogin('organizer'), { viewport: 'desktop', landing: 'none' }));
      const page = await context.newPage();
      // No camera at all in this browser: getUserMedia fails.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'mediaDevices', {
          value: {
            getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
          },
        });
      });
      await page.goto(`/event/${eventId}/`);
      await page.getByTestId('nav-checkIn').click();
      await page.getByTestId('check-in-source').getByText('Camera').click();
      const alert = page.getByTestId('check-in-camera').getByRole('alert');
      await alert.getByText('Camera access was denied.', { exact: false }).waitFor();
      await page.getByTestId('check-in-settings-toggle').click();
      await page.getByText(/Last camera error: NotAllowedError/).waitFor();
      await expectAccessible(page, 'denied-1280');
    } finally {
      await context?.close();
      context = undefined;
      await plain.close();
    }
  });
});
