import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser, newContext, type ViewportName, withCookieChoice } from './lib/browser';
import { api, demoEventId, demoURL, uniqueEmail } from './lib/flows';
import { registerOnDemo, wizardToCategories } from './lib/onboarding';

const check = screenChecks('onboarding');

/**
 * Issue 15, onboarding: registering on the event's domain → the code starts the session → the
 * event-profile wizard, with the industry answered once; the profile counts as filled on the server
 * (A4.43); the time-zone question waits until the wizard is done; "How are you joining?" can wait.
 */
describe('onboarding', () => {
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

  const register = (page: Page, email: string) =>
    registerOnDemo(page, { name: 'Nora', surname: 'Newcomer', email });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`A4.43 register → logged in → wizard with the industry filled → the event, at ${width} px`, async () => {
      context = await withCookieChoice(await newContext(browser, viewport), { newcomer: true });
      const page = await context.newPage();
      const email = uniqueEmail(`onboard-${width}`);
      await register(page, email);

      // Straight to this event's wizard, signed in, with no time-zone dialog over it.
      await page.waitForURL(`**/event/${eventId}/event-profile`);
      const wizard = page.getByTestId('profile-wizard');
      await wizard.waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      expect(await page.getByTestId('timezone-modal').count()).toBe(0);
      await check(page, `wizard-${width}`);

      await wizardToCategories(page, {
        company: 'Schoolhouse',
        jobTitle: 'Teacher',
        offer: 'Classroom pilots',
        seek: 'Learning tools',
      });

      // Asked once: the registration's answer is the profile's Industry.
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      const state = await api<{ categories: { categoryId: number; name: string }[] }>(
        `/event/participant/wizard?eventId=${eventId}`,
        { token },
      );
      const industryId = state.categories.find((q) => q.name === 'Industry')?.categoryId;
      expect(await page.getByTestId(`wizard-category-${industryId}`).inputValue()).toBe('Education');
      await page.getByTestId('wizard-finish').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/event-profile'));
      // Issue 15: toasts at the top right; on a phone below a dialog's header (its close button).
      const saved = page.getByText('Your event profile is saved.');
      await saved.waitFor();
      const box = await saved.boundingBox();
      expect(box!.y).toBeLessThan(page.viewportSize()!.height / 2);
      if (viewport === 'mobile') expect(box!.y).toBeGreaterThanOrEqual(64);

      // A4.43: filled on the server, so it holds on every device and after logout.
      const details = await api<{ me: { profileFilled: boolean } }>(`/event/${eventId}`, { token });
      expect(details.me.profileFilled).toBe(true);

      // Now the time zone is asked (a new account, A4.24); then "How are you joining?" on this hybrid event.
      await page.getByTestId('timezone-keep').click();
      await page.getByTestId('timezone-modal').waitFor({ state: 'detached' });
      const presence = page.getByTestId('presence-modal');
      await presence.waitFor();
      await check(page, `presence-${width}`);
      await page.getByTestId('presence-later').click();
      await presence.waitFor({ state: 'detached' });
      // Still in the event, not sent to the list.
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/event/${eventId}/`));

      // Back at the event's landing: the directory, not the wizard again; no question either.
      await page.goto(demoURL(`/event/${eventId}/`));
      await page.getByTestId('event-area').waitFor();
      await page.getByRole('tablist').waitFor();
      expect(new URL(page.url()).pathname).not.toContain('event-profile');
      expect(await page.getByTestId('presence-modal').count()).toBe(0);
    });
  }

  it('a newcomer who leaves the wizard unfinished opens the event normally afterwards', async () => {
    context = await withCookieChoice(await newContext(browser, 'desktop'), { newcomer: true });
    const page = await context.newPage();
    const email = uniqueEmail('onboard-skip');
    await register(page, email);
    await page.waitForURL(`**/event/${eventId}/event-profile`);
    await page.getByTestId('profile-wizard').waitFor();
    await page.goto(demoURL(`/event/${eventId}/`));
    await page.getByRole('tablist').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/event/${eventId}/`);
    expect(await page.getByTestId('profile-wizard').count()).toBe(0);
  });
});
