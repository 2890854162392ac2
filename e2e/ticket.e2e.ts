import { readFileSync } from 'node:fs';
import { badgeCode } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser } from './lib/browser';
import { ticketOf } from './lib/checkin';
import { DEMO_LOGINS, demoEventId } from './lib/flows';
import { qrOnScreen } from './lib/qr';
import { demoLogin, signIn } from './lib/sign-in';

const expectGood = screenChecks('ticket', { screenshot: 'viewport' });

/** E2.61 "My ticket": the participant's own QR full screen, its PDF, and E8.20 without a ticket. */
describe('my ticket in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eventId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function attendee(viewport: 'desktop' | 'mobile'): Promise<Page> {
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('attendee'), { viewport, landing: 'none' }));
    await page.goto(`/event/${eventId}/`);
    return page;
  }

  const focusedTestId = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

  it('E2.61 at 1280 from the menu: the QR decodes to the badge code, the PDF downloads, Escape returns focus', async () => {
    const ticket = await ticketOf(DEMO_LOGINS.attendee, eventId);
    const page = await attendee('desktop');
    const entry = page.getByTestId('nav-myTicket');
    await entry.click();
    const view = page.getByTestId('my-ticket-view');
    await view.waitFor();
    await page.waitForURL(`**/event/${eventId}/ticket`);
    expect(await page.getByTestId('my-ticket-id').textContent()).toBe(ticket.ticketId);
    expect(await page.getByTestId('my-ticket-name').textContent()).toBe(ticket.name);
    await page.getByRole('dialog', { name: 'My ticket' }).waitFor();
    const qr = page.getByRole('img', { name: `QR code for ticket ${ticket.ticketId}` });
    await qr.waitFor();
    expect(await qrOnScreen(qr)).toEqual([badgeCode(baseURL(), ticket.ticketId)]);
    // Large on white: at least 300 px across on a laptop.
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(300);
    // The screen is kept awake where the browser lets it (headless Chromium may refuse).
    const wakeLock = await page.getByTestId('my-ticket').getAttribute('data-wake-lock');
    expect(['held', 'released']).toContain(wakeLock);
    await expectGood(page, 'my-ticket-1280');

    const download = page.waitForEvent('download');
    await page.getByTestId('my-ticket-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ticket-${ticket.ticketId}.pdf`);
    const bytes = readFileSync((await file.path()) as string);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    await page.waitForURL(`**/event/${eventId}/`);
    await expect.poll(() => focusedTestId(page)).toBe('nav-myTicket');
  });

  it('E2.61 at 375 from the mobile menu: full screen without sideways scrolling; closing returns focus to the menu', async () => {
    const ticket = await ticketOf(DEMO_LOGINS.attendee, eventId);
    const page = await attendee('mobile');
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').getByTestId('nav-myTicket').click();
    await page.getByTestId('my-ticket-view').waitFor();
    const qr = page.getByTestId('my-ticket-qr');
    await qr.waitFor();
    expect(await qrOnScreen(qr)).toEqual([badgeCode(baseURL(), ticket.ticketId)]);
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(300); // 88% of a 375 px phone
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await expectGood(page, 'my-ticket-375');

    await page.getByRole('dialog', { name: 'My ticket' }).getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('my-ticket-view').waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('mobile-menu-button');
  });

  it('E2.61 at 375 a view opened while nothing had focus (the menu closing behind it) still gives focus to the menu', async () => {
    const page = await attendee('mobile');
    await page.getByTestId('mobile-menu-button').waitFor();
    // What a slow phone does by chance: the menu has closed and taken its focused link with it
    // before the view renders. Here nothing has focus when the router opens the view.
    await page.evaluate((path) => {
      (document.activeElement as HTMLElement | null)?.blur();
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: 'ticket', idx }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, `/event/${eventId}/ticket`);
    await page.getByTestId('my-ticket-view').waitFor();
    await page.getByRole('dialog', { name: 'My ticket' }).getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`**/event/${eventId}/`);
    await expect.poll(() => focusedTestId(page)).toBe('mobile-menu-button');
  });

  it('E8.20 a participant without a ticket id is told so instead of a code', async () => {
    const page = await attendee('mobile');
    // The demo's people all have tickets: this answer stands in for one who has none yet.
    await page.route('**/api/v1/event/ticket?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...body, data: { ...body.data, ticketId: null, code: null } },
      });
    });
    await page.goto(`/event/${eventId}/ticket`);
    const none = page.getByTestId('my-ticket-none');
    await none.waitFor();
    expect(await none.textContent()).toContain('You have no ticket ID for this event.');
    expect(await page.getByTestId('my-ticket-qr').count()).toBe(0);
    expect(await page.getByTestId('my-ticket-pdf').count()).toBe(0);
    await expectGood(page, 'no-ticket-375');
  });
});
