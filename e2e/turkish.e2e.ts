import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser, VIEWPORTS, type ViewportName, withCookieChoice } from './lib/browser';
import { DEMO_LOGINS, DEMO_PASSWORD, demoEventId, submitLogin } from './lib/flows';

const check = screenChecks('turkish');
const LOCALES = join(import.meta.dirname, '../apps/web/src/i18n/locales');

function catalogue(language: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const file of readdirSync(join(LOCALES, language))) {
    if (file.endsWith('.json'))
      Object.assign(texts, JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')));
  }
  return texts;
}

/**
 * The English interface texts that Turkish says otherwise, as the fixed runs of words a screen can
 * show (a text's parts between its {{placeholders}}, `<0>` tags and plural forms): any of these on a
 * Turkish screen is an untranslated string. Runs of fewer than two words or eight characters are left
 * out: single words ("Chat", "Expo") are also names the organizer's content uses.
 */
function englishRuns(): string[] {
  const en = catalogue('en');
  const tr = catalogue('tr');
  const runs = new Set<string>();
  for (const [key, text] of Object.entries(en)) {
    if (tr[key] === undefined || tr[key] === text) continue;
    for (const run of text.split(/\{\{[^}]*\}\}|<\/?\w+>|\n/)) {
      const words = run.trim();
      if (words.length >= 8 && /\p{L}+\s+\p{L}+/u.test(words)) runs.add(words);
    }
  }
  return [...runs];
}

/**
 * The English runs the page holds now: its text (what screen readers read included) and the names,
 * titles, placeholders and alternative texts in its attributes.
 */
const leaks = (page: Page, runs: readonly string[]) =>
  page.evaluate((list) => {
    const attributes = Array.from(
      document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'),
    ).flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    const text = [document.body.textContent ?? '', ...attributes].join(' \n ').replace(/\s+/g, ' ');
    return list.filter((run) => text.includes(run.replace(/\s+/g, ' ')));
  }, runs);

/** Until the screen has no loader or skeleton left: the data is in, the texts are final. */
const settled = (page: Page) =>
  page.waitForFunction(
    () => document.querySelectorAll('.mantine-Skeleton-root, .mantine-Loader-root').length === 0,
  );

/** Issue 15's second journey: a Turkish browser, and everything in Turkish from the login page on. */
describe('a Turkish browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  const runs = englishRuns();
  const en = catalogue('en');
  const tr = catalogue('tr');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('knows enough English to notice a leak (the check can fail)', () => {
    expect(runs).toContain(en['login.form.forgot']);
    expect(runs).toContain('Forgot your password?'); // a run inside <reset> tags
    expect(runs).not.toContain(en['login.title']); // "Log in": too short to tell from content
    expect(runs.length).toBeGreaterThan(300);
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`A9.31 A3.05 from the login page on, every screen is in Turkish, at ${width} px`, async () => {
      const eventId = await demoEventId();
      context = await withCookieChoice(
        await browser.newContext({
          viewport: VIEWPORTS[viewport],
          baseURL: baseURL(),
          locale: 'tr-TR',
          timezoneId: 'Europe/Istanbul',
        }),
      );
      const page = await context.newPage();
      const visit = async (path: string, ready: string, name: string) => {
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor();
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe('tr');
        expect(await leaks(page, runs), path).toEqual([]);
        await check(page, `${name}-${width}`);
      };

      await page.goto('/login');
      await page.getByRole('heading', { name: tr['login.title'], level: 1 }).waitFor();
      expect(await leaks(page, runs)).toEqual([]);
      // Choosing Turkish (not only having it detected) carries it onto the event's own pages, whose
      // default language is English (A3.05).
      await page
        .getByRole('navigation', { name: tr['system.language.label'] })
        .getByRole('button', { name: 'Türkçe' })
        .click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('tr');
      await submitLogin(page, DEMO_LOGINS.attendee, DEMO_PASSWORD);
      await page.waitForURL('**/event/list');
      await page.getByRole('heading', { name: tr['events.list.title'], level: 1 }).waitFor();
      await settled(page);
      expect(await leaks(page, runs)).toEqual([]);

      await visit(`/event/${eventId}/attendees`, 'attendee-card', 'attendees');
      await visit(`/event/${eventId}/sessions`, 'sessions-tab', 'sessions');
      await visit(`/event/${eventId}/expo`, 'expo-tab', 'expo');
      await visit(`/event/${eventId}/lobby`, 'lobby-tab', 'lobby');
      await visit('/my-agenda', 'my-agenda-page', 'my-agenda');
      await visit('/notifications', 'notifications-page', 'notifications');
      await visit('/contacts', 'contacts-page', 'contacts');
      await visit('/account/profile', 'account-page', 'account');
    });
  }
});
