import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser, newContext, withCookieChoice } from './lib/browser';
import { createPrivateRoom, registerAttendee } from './lib/chat';
import { api, demoEventId } from './lib/flows';
import { signIn } from './lib/sign-in';

const check = screenChecks('mobile', { screenshot: 'viewport' });

/** Issue 15, on a phone: a slim event header on tabs, A9.24 scrolled header, chat back, 24 px targets. */
describe('the app on a phone', () => {
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

  it('a tab shows the slim event band, the landing the banner; A9.24 the top bar changes after 20 px of scroll', async () => {
    const me = await registerAttendee(eventId, 'Molly', 'Mobile');
    ({ context } = await signIn(browser, me, {
      viewport: 'mobile',
      newAccount: 'if-asked',
      landing: 'none',
    }));
    const page = await context.newPage();
    await page.goto(`/event/${eventId}/attendees`);
    const header = page.getByTestId('event-header');
    await page.getByTestId('attendees-list').waitFor();
    expect(await page.getByTestId('event-banner').isVisible()).toBe(false);
    const slim = (await header.boundingBox())!.height;
    expect(slim).toBeLessThan(100);
    // Room below the last card for the floating chat button.
    const padding = await page
      .locator('main#main')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(72);
    await check(page, 'tab-header-375');

    expect(await page.getByTestId('event-countdown').count()).toBe(0);
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('event-banner').waitFor();
    expect((await header.boundingBox())!.height).toBeGreaterThan(slim);
    // E9.47: the demo starts in a few days: a countdown in zero-padded days, hours, minutes, seconds.
    const countdown = page.getByTestId('event-countdown');
    const shown = await countdown.locator('strong').allTextContents();
    expect(shown).toHaveLength(4);
    for (const part of shown) expect(part).toMatch(/^\d{2,}$/);
    await check(page, 'landing-countdown-375');

    const bar = page.getByTestId('mobile-header');
    expect(await bar.getAttribute('data-scrolled')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBeNull();
  });

  it('the chat’s back button goes back to the list, not forward to a new page', async () => {
    const me = await registerAttendee(eventId, 'Chad', 'Back');
    const other = await registerAttendee(eventId, 'Olga', 'Other');
    await createPrivateRoom(eventId, me, other);
    ({ context } = await signIn(browser, me, {
      viewport: 'mobile',
      newAccount: 'if-asked',
      landing: 'none',
    }));
    const page = await context.newPage();
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByTestId('attendees-list').waitFor();
    await page.goto('/chat');
    await page.getByTestId('chat-room').first().click();
    await page.waitForURL(/\/chat\?room=\d+$/);
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await page.waitForURL((url) => url.pathname === '/chat' && url.search === '');
    await page.getByTestId('chat-room').first().waitFor();
    // The list replaced the conversation in history: one more Back leaves the chat.
    await page.goBack();
    await page.waitForURL(`**/event/${eventId}/attendees`);
  });

  it('WCAG 2.5.8 checkboxes are 24 px targets', async () => {
    context = await withCookieChoice(await newContext(browser, 'mobile'));
    const page = await context.newPage();
    await page.goto('/registration');
    const box = page.locator('[data-testid="reg-consent"]');
    await box.waitFor();
    const size = (await box.boundingBox())!;
    expect(size.width).toBeGreaterThanOrEqual(24);
    expect(size.height).toBeGreaterThanOrEqual(24);
  });

  it('A7.42 A7.43 a name changed on another device shows here at once', async () => {
    const me = await registerAttendee(eventId, 'Nina', 'Before');
    ({ context } = await signIn(browser, me, {
      viewport: 'mobile',
      newAccount: 'if-asked',
      landing: 'none',
    }));
    const page = await context.newPage();
    await page.goto(`/event/${eventId}/attendees`);
    const name = page.getByTestId('mobile-header').getByTestId('user-name');
    await expect.poll(() => name.textContent()).toBe('Nina Before');
    await api('/user/profile', {
      method: 'PUT',
      token: me.token,
      body: { action: 'profile', name: 'Nina', surname: 'After' },
    });
    await expect.poll(() => name.textContent()).toBe('Nina After');
  });
});
