import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxe } from './lib/a11y';
import { ACCOUNT_REGIONS } from './lib/account-checks';
import { baseURL, launchBrowser, newContext, screenshot } from './lib/browser';
import { api, demoURL, pathOf } from './lib/flows';

describe('public system screens in the browser', () => {
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

  it('A2.53–A2.59 A2.54 A2.58 A9.31 shows static pages with the active menu item, and switches them to Turkish', async () => {
    context = await newContext(browser, 'mobile');
    await context.addCookies([{ name: 'cookieconsent_status', value: 'allow', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/terms');
    await page.getByTestId('static-content').getByRole('heading', { name: 'Terms of use' }).waitFor();
    expect(await page.getByTestId('static-menu').locator('[aria-current="page"]').textContent()).toBe(
      'Terms',
    );
    await page.getByTestId('static-tagline').waitFor();
    expect(await page.getByTestId('static-back').textContent()).toBe('Back to Login');
    await expectNoSeriousAxe(page, 'terms mobile', { within: ACCOUNT_REGIONS });

    await page.getByTestId('language-switcher').click();
    await page.getByRole('option', { name: 'Türkçe' }).click();
    await page.getByRole('heading', { name: 'Kullanım koşulları' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    expect(await page.getByTestId('static-back').textContent()).toBe('Girişe dön');

    await page.getByTestId('static-menu').getByText('Gizlilik bildirimi').click();
    await page.getByRole('heading', { name: 'Gizlilik bildirimi', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/privacy-notice');
    await page.reload();
    await page.getByRole('heading', { name: 'Gizlilik bildirimi', level: 1 }).waitFor();
    await screenshot(page, 'static-privacy-tr-mobile');
    await page.getByTestId('static-back').click();
    await page.waitForURL('**/login');
    await page.getByText('Parola').first().waitFor();
  });

  it('A2.55 A2.57 on an event’s domain the static page’s header shows the event’s logo, name and dates', async () => {
    const { event } = await api<{
      event: { name: string; realSdt: string; realEdt: string; images?: { logo?: string | null } | null };
    }>('/event/domain/demo');
    context = await newContext(browser, 'desktop');
    await context.addCookies([{ name: 'cookieconsent_status', value: 'allow', url: demoURL() }]);
    const page = await context.newPage();
    await page.goto(demoURL('/terms'));
    const header = page.getByTestId('static-header');
    await header.getByTestId('static-event-name').waitFor();
    expect(await header.getByTestId('static-event-name').textContent()).toBe(event.name);
    expect(await header.getByTestId('static-tagline').count()).toBe(0); // not the product's header
    const dates = (await header.getByTestId('static-event-dates').textContent()) ?? '';
    for (const at of [event.realSdt, event.realEdt])
      expect(dates).toContain(String(new Date(at).getUTCFullYear()));
    expect(dates).toContain('–');
    expect(await header.locator('img').first().getAttribute('src')).toBe(
      event.images?.logo || '/favicon.svg',
    );
    // A2.55: header, page and footer.
    expect(await page.locator('footer').textContent()).toContain('©');
  });

  it('A8.27 E8.58 shows Error when a static page cannot be loaded', async () => {
    context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/page/**', (route) => route.abort());
    await page.goto('/cookies');
    await page.getByTestId('static-error').getByText('Error').waitFor();
  });

  it('A2.60 A2.61 A9.03 shows the cookie banner until a choice, and keeps the choice 360 days', async () => {
    context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    expect(await page.getByTestId('cookie-privacy').getAttribute('href')).toBe('/privacy-notice');
    expect(await page.getByTestId('cookie-policy').getAttribute('href')).toBe('/cookies');
    await expectNoSeriousAxe(page, 'cookie banner', { within: ACCOUNT_REGIONS });
    await page.getByTestId('cookie-dismiss').focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'cookieconsent_status');
    expect(cookie?.value).toBe('dismiss');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(359);
    expect(days).toBeLessThanOrEqual(360);
    await page.reload();
    await page.getByTestId('login-email').waitFor();
    expect(await banner.count()).toBe(0);
  });

  it('A8.31 says "Please check network connection." while offline', async () => {
    context = await newContext(browser);
    await context.addCookies([{ name: 'cookieconsent_status', value: 'allow', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    await context.setOffline(true);
    await page.getByTestId('offline-notice').getByText('Please check network connection.').waitFor();
    await context.setOffline(false);
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
  });

  it('A2.62 A8.29 A2.63 A2.66 shows the crash screen with message, stack (folded under its details) and ways on', async () => {
    context = await newContext(browser);
    await context.addCookies([{ name: 'cookieconsent_status', value: 'allow', url: baseURL() }]);
    const page = await context.newPage();
    // A screen whose code cannot load crashes the render like any other error would.
    await page.route('**/assets/static-page-*.js', (route) => route.abort());
    await page.goto('/faq');
    const screen = page.getByTestId('crash-screen');
    await screen.waitFor();
    await screen.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByTestId('crash-message').textContent()).toMatch(/static-page/);
    await screen.getByText('Technical details').click();
    await page.getByTestId('crash-stack').waitFor();
    expect(await screen.getByRole('link', { name: 'Go to event list' }).getAttribute('href')).toBe(
      '/event/list',
    );
    await screen.getByRole('button', { name: 'Reload' }).waitFor();
    await page.getByTestId('crash-feedback').click();
    await page
      .getByRole('dialog')
      .getByLabel('What were you doing when the error appeared?')
      .fill('Opening the FAQ');
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    // No SENTRY_DSN on this server: the note went nowhere, and the dialog says so (A2.64).
    await page.getByText('Your note could not be sent.').waitFor();
    await expectNoSeriousAxe(page, 'crash screen', { within: ACCOUNT_REGIONS });
  });
});
