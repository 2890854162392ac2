import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, browserPerSuite, newContext } from './lib/browser';
import { api, apiLogin, apiSignup, uniqueEmail } from './lib/flows';
import { signIn } from './lib/sign-in';

const expectGood = screenChecks('event-words');
const PASSWORD = 'Organizer-2027';

/**
 * A7.27, A7.28: an organizer words the app's texts for the event ("Delegates" for "Attendees") in
 * the console; the event's pages show them, live, and the app asks for the file only when the event
 * has some.
 */
describe("an event's own words in the browser", () => {
  const suite = browserPerSuite();

  async function person(email: string, viewport: 'desktop' | 'mobile' = 'desktop'): Promise<Page> {
    const { context, page } = await signIn(
      suite.browser,
      { email, password: PASSWORD },
      { viewport, newAccount: 'if-asked', landing: 'none' },
    );
    suite.contexts.push(context);
    return page;
  }

  async function newEvent(name: string) {
    const email = uniqueEmail('wording');
    await apiSignup(email, PASSWORD);
    const token = await apiLogin(email, PASSWORD);
    const event = await api<{ id: number }>('/organizer/event', {
      token,
      body: {
        name,
        eventType: 'online',
        timezone: 'Europe/Madrid',
        sdt: '2031-05-04T08:00:00.000Z',
        edt: '2031-05-04T17:00:00.000Z',
      },
    });
    return { email, token, id: event.id };
  }

  /** An attendee of the event, looking at its pages; the file's requests counted. */
  async function attendee(eventId: number) {
    const email = uniqueEmail('delegate');
    await apiSignup(email, PASSWORD);
    await api(`/event/${eventId}?attendEvent=true`, { token: await apiLogin(email, PASSWORD) });
    const page = await person(email);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/messagesForEvent/')) asked.push(request.url());
    });
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('event-area').waitFor();
    return { page, asked };
  }

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

  it('A7.27 A7.28 the organizer words the Attendees tab as Delegates; attendees see it live, and the app asks only when there are words', async () => {
    const organizer = await newEvent('Harbour Forum');
    const { page: seen, asked } = await attendee(organizer.id);
    await tab(seen, 'Attendees').waitFor();
    expect(asked).toEqual([]); // A7.28: an event without words is never asked for its file

    const desk = await person(organizer.email);
    await desk.goto(`/organizer/${organizer.id}/settings`);
    const section = desk.getByTestId('settings-words');
    await section.getByTestId('words-empty').waitFor();
    await section.getByTestId('words-add').fill('event.tabs.attendees');
    await desk.getByRole('option', { name: /event\.tabs\.attendees/ }).click();
    await section.getByTestId('words-text').fill('Delegates');
    await expectGood(desk, 'settings-1280');
    await section.getByTestId('settings-words-save').click();

    // The attendee's page changes without a reload: the event's channel says it changed.
    await tab(seen, 'Delegates').waitFor();
    await expect(tab(seen, 'Attendees').count()).resolves.toBe(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.endsWith(`/messagesForEvent/${organizer.id}.json`))).toBe(true);

    // Outside the event the app's own words are back.
    await seen.goto('/event/list');
    await seen.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(seen.getByText('Delegates').count()).resolves.toBe(0);

    // Opened again, the event's pages wait for its words: the app's are never painted first. Each
    // frame records the tabs it is about to paint; the file is held until some tab was painted (the
    // app's words would be) or, as the page waits for it, for 20 frames.
    await seen.addInitScript(() => {
      const w = window as unknown as { tabsPainted: string[]; frames: number };
      w.tabsPainted = [];
      w.frames = 0;
      const record = () => {
        w.frames += 1;
        for (const el of Array.from(document.querySelectorAll('[role="tab"]')))
          w.tabsPainted.push(el.textContent ?? '');
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    // Only this load's first ask is held; a request the page gave up meanwhile needs no answer.
    await seen.route(
      '**/messagesForEvent/**',
      async (route) => {
        await seen
          .waitForFunction(
            () => {
              const w = window as unknown as { tabsPainted: string[]; frames: number };
              return w.tabsPainted.length > 0 || w.frames >= 20;
            },
            undefined,
            { polling: 'raf' },
          )
          .catch(() => undefined); // the page moved on: its ask needs no answer
        await route.continue().catch(() => undefined);
      },
      { times: 1 },
    );
    await seen.goto(`/event/${organizer.id}/`);
    await tab(seen, 'Delegates').waitFor();
    const painted = await seen.evaluate(() => (window as unknown as { tabsPainted: string[] }).tabsPainted);
    expect(painted).toContain('Delegates');
    expect(painted).not.toContain('Attendees');

    // Removed in the console: the event's pages show the app's words again.
    await desk.reload();
    await section.getByTestId('words-row').waitFor();
    await section.getByRole('button', { name: /Use the app's words for/ }).click();
    await section.getByTestId('words-empty').waitFor();
    await section.getByTestId('settings-words-save').click();
    await tab(seen, 'Attendees').waitFor();
    const saved = await api<{ words: Record<string, unknown> }>(`/organizer/event/${organizer.id}`, {
      method: 'GET',
      token: organizer.token,
    });
    expect(saved.words).toEqual({});
  });

  it('A7.27 a text that drops a placeholder the app fills is refused before it is saved (375 px)', async () => {
    const organizer = await newEvent('Pier Talks');
    const desk = await person(organizer.email, 'mobile');
    await desk.goto(`/organizer/${organizer.id}/settings`);
    const section = desk.getByTestId('settings-words');
    // The picker is the section's last field: at the screen's foot its list opens above it, over
    // the text it is picked for. Brought to the middle, and picked with the keyboard: typing marks
    // the best match and Enter takes it (no tap on a list that moves while the page scrolls).
    const picker = section.getByTestId('words-add');
    await picker.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    await picker.fill('attendees.list.count_other');
    await expect
      .poll(() => desk.locator('[role="option"][data-combobox-selected]').textContent())
      .toContain('attendees.list.count_other');
    await expectGood(desk, 'picker-375'); // the marked option readable too (axe colour contrast)
    await picker.press('Enter');
    await section.getByTestId('words-text').fill('Many delegates');
    await section.getByText('Keep {{count}}: the app puts its value there').waitFor();
    let saves = 0;
    desk.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(`/organizer/event/${organizer.id}`))
        saves += 1;
    });
    await section.getByTestId('settings-words-save').click();
    await expectGood(desk, 'placeholder-375');
    expect(saves).toBe(0);
    await section.getByTestId('words-text').fill('{{count}} delegates');
    await expect(section.getByText('Keep {{count}}').count()).resolves.toBe(0);
    await section.getByTestId('settings-words-save').click();
    await expect
      .poll(
        async () =>
          (
            await api<{ words: Record<string, Record<string, string>> }>(`/organizer/event/${organizer.id}`, {
              method: 'GET',
              token: organizer.token,
            })
          ).words,
      )
      .toEqual({ en: { 'attendees.list.count_other': '{{count}} delegates' } });
  });

  it("A7.27 A7.28 the event's own login page, under its domain label, shows its words to someone not signed in", async () => {
    const label = `words${Date.now().toString(36)}`;
    const organizer = await newEvent('Quay Summit');
    await api(`/organizer/event/${organizer.id}`, {
      method: 'PUT',
      token: organizer.token,
      body: { domain: label, words: { en: { 'login.title': 'Delegate check-in' } } },
    });
    const context = await newContext(suite.browser, 'mobile');
    suite.contexts.push(context);
    const page = await context.newPage();
    const url = new URL('/login', baseURL());
    url.hostname = `${label}.localhost`;
    await page.goto(url.toString());
    await page.getByRole('heading', { name: 'Delegate check-in' }).waitFor();
    await expectGood(page, 'login-375');
    // The app's own login, under no label, keeps the app's words.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
  });
});
