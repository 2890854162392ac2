import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { searchCards } from './lib/attendees';
import {
  baseURL,
  launchBrowser,
  newContext,
  VIEWPORTS,
  type ViewportName,
  withCookieChoice,
} from './lib/browser';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId, submitLogin } from './lib/flows';

const check = screenChecks('languages');

/** A browser that asks for Turkish first (navigator.languages = ['tr-TR', …]). */
async function turkishContext(browser: Browser, viewport: ViewportName): Promise<BrowserContext> {
  return withCookieChoice(
    await browser.newContext({
      viewport: VIEWPORTS[viewport],
      baseURL: baseURL(),
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
    }),
  );
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('language'));

describe('languages', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('A9.31 A2.34 a Turkish browser gets Turkish on /login, switches to English there and keeps it after login', async () => {
    context = await turkishContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Giriş yap', level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('tr');
    expect(await storedLanguage(page)).toBeNull(); // detected, not chosen
    // The switch is a group named "Dil" (Language): a button per language, each named in itself.
    const languages = page.getByRole('navigation', { name: 'Dil' });
    expect(await languages.getByRole('button').allTextContents()).toEqual([
      'English',
      'Türkçe',
      'Русский',
      'Español',
    ]);
    expect(await languages.getByRole('button', { name: 'Türkçe' }).getAttribute('aria-current')).toBe('true');
    await check(page, 'login-tr-375');

    // By keyboard: Tab to English and press Enter.
    await languages.getByRole('button', { name: 'Türkçe' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await storedLanguage(page)).toBe('en');
    const english = page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('button', { name: 'English' });
    expect(await english.getAttribute('aria-current')).toBe('true');
    // Focus stays on the switch: keyboard users carry on from where they were.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'auth-language-en',
    );

    await page.setViewportSize(VIEWPORTS.desktop);
    await check(page, 'login-en-1280');

    await submitLogin(page, DEMO_LOGINS.attendee, DEMO_PASSWORD);
    await page.waitForURL('**/event/list');
    await page.getByRole('heading', { name: 'Your events', level: 1 }).waitFor();
    const eventId = await demoEventId();
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByRole('tab', { name: 'Attendees' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
  });

  it("A3.05 A9.31 E3.05 the event's default language applies until one is chosen; type labels upper-case in Turkish", async () => {
    const eventId = await demoEventId();
    const token = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    const event = await api<{ defaultLanguage: string; participantTypes: { id: number; name: string }[] }>(
      `/event/${eventId}`,
      { token },
    );
    expect(event.defaultLanguage).toBe('en');
    const exhibitorType = event.participantTypes.find((type) => type.name === 'Exhibitor');
    expect(exhibitorType).toBeDefined();
    const [exhibitor] = await searchCards(token, {
      eventId,
      length: 1,
      filters: { typeIds: [exhibitorType!.id] },
    });
    expect(exhibitor).toBeDefined();

    context = await turkishContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, DEMO_LOGINS.attendee, DEMO_PASSWORD);
    await page.waitForURL('**/event/list');
    expect(await htmlLang(page)).toBe('tr'); // the browser's language off the event's pages

    // Nothing chosen: the demo event's default language (English) wins over the browser's.
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByRole('tab', { name: 'Attendees' }).waitFor();
    expect(await htmlLang(page)).toBe('en');

    // Someone who chose Turkish on this device sees the event in Turkish.
    await page.evaluate(() => localStorage.setItem('language', 'tr'));
    await page.reload();
    await page.getByRole('tab', { name: 'Katılımcılar' }).waitFor();
    expect(await htmlLang(page)).toBe('tr');

    await page.getByTestId('attendees-search').fill(exhibitor!.fullName);
    const card = page
      .getByTestId('attendees-list')
      .getByTestId('attendee-card')
      .filter({ hasText: exhibitor!.fullName })
      .first();
    const type = card.getByTestId('attendee-type');
    // The built-in type in Turkish, upper-cased by Turkish rules (dotted İ), not "SERGILEYICI".
    await expect.poll(() => type.textContent()).toBe('SERGİLEYİCİ');
    expect(await type.getAttribute('lang')).toBeNull(); // written in the page's language
    expect(await type.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    await check(page, 'event-tr-1280');

    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(() => type.textContent()).toBe('SERGİLEYİCİ');
    await check(page, 'event-tr-375');
  });
  it('E3.05 an organizer names a type in each language; a Turkish reader sees the Turkish name', async () => {
    const eventId = await demoEventId();
    const token = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const name = `Buyer ${Date.now()}`;
    context = await withCookieChoice(await newContext(browser, 'desktop'));
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, DEMO_LOGINS.organizer, DEMO_PASSWORD);
    await page.waitForURL('**/event/list');
    await page.goto(`/organizer/${eventId}/types`);
    await page.getByTestId('type-add').click();
    const form = page.getByTestId('type-form');
    await form.getByTestId('type-name').fill(name);
    await form.getByTestId('type-text-tr').fill('Alıcı');
    await form.getByTestId('type-text-ru').fill('Покупатель');
    await check(page, 'type-texts-1280');
    await form.getByTestId('type-save').click();
    await page.getByTestId('type-row').filter({ hasText: name }).waitFor();
    const types = await api<{ types: { id: number; name: string; texts: Record<string, string> }[] }>(
      `/organizer/event/${eventId}/types`,
      { token },
    );
    const made = types.types.find((type) => type.name === name);
    expect(made?.texts).toEqual({ tr: 'Alıcı', ru: 'Покупатель' });
    try {
      // In Turkish, the type reads as the organizer named it there (the organizer's wizard offers every type).
      await page.evaluate(() => localStorage.setItem('language', 'tr'));
      await page.goto(`/event/${eventId}/event-profile`);
      const wizard = page.getByTestId('profile-wizard');
      await wizard.waitFor();
      for (let i = 0; i < 3 && (await page.getByTestId('wizard-type').count()) === 0; i++) {
        // The step before the click (read after it, a quick re-render would make it the next one).
        const before = await wizard.getAttribute('data-step');
        await page.getByTestId('wizard-next').click();
        await page.waitForFunction(
          (step) =>
            document.querySelector('[data-testid="profile-wizard"]')?.getAttribute('data-step') !== step,
          before,
        );
      }
      await page.getByTestId('wizard-type').getByText('Alıcı', { exact: true }).waitFor();
      expect(await page.getByTestId('wizard-type').getByText(name).count()).toBe(0);
    } finally {
      await api(`/organizer/event/${eventId}/types/${made!.id}`, { method: 'DELETE', token });
    }
  });
});
