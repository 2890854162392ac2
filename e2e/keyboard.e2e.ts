import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { agendaOf } from './lib/agenda';
import { launchBrowser, newContext, type ViewportName, withCookieChoice } from './lib/browser';
import { messageTexts } from './lib/chat';
import {
  apiRegisterAttendee,
  DEMO_EVENT_NAME,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  demoEventId,
  type RegisteredAttendee,
} from './lib/flows';
import type { Login } from './lib/sign-in';

const expectGoodScreen = screenChecks('keyboard');
/** The same checks with a screenshot of what is on screen (the pages under a dialog are long). */
const expectGoodView = screenChecks('keyboard', { screenshot: 'viewport' });

/** What has focus, in words a test can compare. */
interface Focused {
  tag: string;
  testId: string | null;
  role: string | null;
  label: string | null;
  text: string;
  href: string | null;
  selected: string | null;
  inDialog: boolean;
  inBanner: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      testId: el?.getAttribute('data-testid') ?? null,
      role: el?.getAttribute('role') ?? null,
      label: el?.getAttribute('aria-label') ?? null,
      text: (el?.textContent ?? '').trim().slice(0, 80),
      href: el?.getAttribute('href') ?? null,
      selected: el?.getAttribute('aria-selected') ?? null,
      inDialog: el?.closest('[role="dialog"]') != null,
      inBanner: el?.closest('[data-testid="cookie-banner"]') != null,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user would. */
async function tabTo(
  page: Page,
  wanted: (f: Focused) => boolean,
  what: string,
  options: { back?: boolean; max?: number } = {},
): Promise<Focused> {
  const max = options.max ?? 150;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (wanted(now)) return now;
  }
  throw new Error(`${what}: not reached with ${max} presses of ${options.back ? 'Shift+Tab' : 'Tab'}`);
}

const byTestId = (testId: string) => (f: Focused) => f.testId === testId;

/** Waits until the focused element matches (focus moves once the app has re-rendered). */
async function expectFocus(page: Page, wanted: (f: Focused) => boolean, what: string): Promise<Focused> {
  await expect.poll(async () => wanted(await focused(page)), { timeout: 15_000, message: what }).toBe(true);
  return focused(page);
}

/** Logs in on /login with the keyboard only: Tab to the fields, type, Enter. */
async function keyboardLogin(page: Page, login: Login): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').waitFor();
  await tabTo(page, byTestId('login-email'), 'the e-mail field');
  await page.keyboard.type(login.email);
  await tabTo(page, byTestId('login-password'), 'the password field');
  await page.keyboard.type(login.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/event/list');
}

/** Keyboard accessibility (issue 15, WCAG 2.2): journeys without a mouse, focus never dropped. */
describe('keyboard only', () => {
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

  async function openPage(viewport: ViewportName = 'desktop', cookieChoice = true): Promise<Page> {
    const fresh = await newContext(browser, viewport);
    context = cookieChoice ? await withCookieChoice(fresh) : fresh;
    return context.newPage();
  }

  /** A new attendee whose zone is already confirmed, so no question interrupts the keyboard path. */
  function attendee(tag: string, name: string, surname: string): Promise<RegisteredAttendee> {
    return apiRegisterAttendee(eventId, { tag: `kb-${tag}`, name, surname, timezone: 'Europe/Istanbul' });
  }

  const demoAttendee: Login = { email: DEMO_LOGINS.attendee, password: DEMO_PASSWORD };

  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`2.4.1 2.1.1 2.4.3 A1.03 /login has a skip link; login with the keyboard lands focus on the event list heading (${width})`, async () => {
      const page = await openPage(viewport);
      await page.goto('/login');
      await page.getByTestId('login-email').waitFor();
      // The first Tab reaches the skip link, shown while focused; Enter moves focus to the form.
      await page.keyboard.press('Tab');
      const skip = await focused(page);
      expect(skip.text).toBe('Skip to content');
      expect(skip.href).toBe('#main');
      const box = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? -1);
      expect(box).toBeGreaterThanOrEqual(0);
      await expectGoodScreen(page, `login-skip-link-${width}`);
      await page.keyboard.press('Enter');
      expect((await focused(page)).tag).toBe('main');
      // From the top of the form the next Tab is its first field.
      await tabTo(page, byTestId('login-email'), 'the e-mail field', { max: 3 });
      await page.keyboard.type(demoAttendee.email);
      await tabTo(page, byTestId('login-password'), 'the password field', { max: 3 });
      await page.keyboard.type(demoAttendee.password);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/event/list');
      // Focus is not dropped on <body>: it is on the page's heading, so Tab goes on from there.
      const heading = await expectFocus(page, (f) => f.tag === 'h1', 'the event list heading');
      expect(heading.text).toBe('Your events');
      await expectGoodScreen(page, `event-list-after-login-${width}`);
    });
  }

  it('2.4.3 A1.06 opening an event with Enter focuses its heading; arrow, Home and End keys move and activate the tabs', async () => {
    const page = await openPage('desktop');
    await keyboardLogin(page, demoAttendee);
    await expectFocus(page, (f) => f.tag === 'h1', 'the event list heading');
    await tabTo(page, (f) => f.testId === 'event-link' && f.text.includes(DEMO_EVENT_NAME), 'the event');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/event/${eventId}/`);
    const heading = await expectFocus(page, (f) => f.tag === 'h1', "the event's heading");
    expect(heading.text).toBe(DEMO_EVENT_NAME);

    // The default tab (Attendees on a desktop) is the tab list's stop.
    const tab = await tabTo(page, (f) => f.role === 'tab', 'the tab list');
    expect(tab.testId).toBe('event-tab-attendees');
    expect(tab.selected).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`**/event/${eventId}/sessions`);
    await page.getByTestId('sessions-tab').waitFor();
    let now = await expectFocus(page, byTestId('event-tab-sessions'), 'the Sessions tab');
    expect(now.selected).toBe('true');
    await expectGoodView(page, 'tabs-sessions-focused-1280');

    // End and Home activate the last and the first tab, and focus stays on the tab.
    const tabIds = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-testid') ?? ''));
    const last = tabIds.at(-1) ?? '';
    await page.keyboard.press('End');
    await page.waitForURL(`**/event/${eventId}/${last.replace('event-tab-', '')}`);
    now = await expectFocus(
      page,
      (f) => f.testId === last && f.selected === 'true',
      'the last tab, selected',
    );
    await page.keyboard.press('Home');
    await page.waitForURL(`**/event/${eventId}/${tabIds[0]?.replace('event-tab-', '')}`);
    now = await expectFocus(
      page,
      (f) => f.testId === tabIds[0] && f.selected === 'true',
      'the first tab, selected',
    );
    expect(now.role).toBe('tab');
  });

  it('2.4.3 E4.44 add a session to the agenda and remove it: focus stays on the toggled button; 2.4.3 session details give focus back on Escape and Close', async () => {
    const me = await attendee('agenda', 'Kay', 'Boardley');
    const page = await openPage('desktop');
    await keyboardLogin(page, me);
    await page.goto(`/event/${eventId}/sessions`);
    await page.getByTestId('sessions-tab').waitFor();

    const add = await tabTo(page, byTestId('session-button-addToAgenda'), 'Add to agenda');
    const sessionName = (add.label ?? '').replace(/^Add to agenda: /, '');
    await page.keyboard.press('Enter');
    // The button is replaced by Remove from agenda, and focus moves to it.
    const remove = await expectFocus(page, byTestId('session-button-removeFromAgenda'), 'Remove from agenda');
    expect(remove.label).toBe(`Remove from agenda: ${sessionName}`);
    await expect
      .poll(async () => (await agendaOf(me.token, eventId)).map((i) => i.name))
      .toContain(sessionName);
    await expectGoodView(page, 'session-added-1280');
    await page.keyboard.press('Enter');
    await expectFocus(
      page,
      (f) => f.testId === 'session-button-addToAgenda' && f.label === `Add to agenda: ${sessionName}`,
      'Add to agenda again',
    );
    await expect
      .poll(async () => (await agendaOf(me.token, eventId)).map((i) => i.name))
      .not.toContain(sessionName);

    // The session's title opens its details over the list; Escape closes them, focus is back on it.
    const title = await tabTo(
      page,
      (f) => f.testId === 'session-title' && f.text === sessionName,
      "the session's title",
      { back: true },
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('session-detail').waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    let back = await expectFocus(page, (f) => f.href === title.href && !f.inDialog, 'the title again');
    expect(back.testId).toBe('session-title');

    // The same with the dialog's Close button.
    await page.keyboard.press('Enter');
    await dialog.getByTestId('session-detail').waitFor();
    await tabTo(page, (f) => f.inDialog && f.label === 'Close', 'the Close button', { max: 30 });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    back = await expectFocus(page, (f) => f.href === title.href && !f.inDialog, 'the title again');
    expect(page.url()).toContain(`/event/${eventId}/sessions`);
  });

  it('2.4.3 attendee details close with Escape and focus is on the card that opened them; 4.1.2 Meet buttons name the person', async () => {
    const page = await openPage('desktop');
    await keyboardLogin(page, demoAttendee);
    await page.goto(`/event/${eventId}/attendees`);
    const list = page.getByTestId('attendees-list');
    await list.getByTestId('attendee-card').first().waitFor();

    // Every Meet button keeps its visible text and says whom it is for.
    const meets = list.getByTestId('meet-button');
    expect(await meets.count()).toBeGreaterThan(0);
    const names = await meets.evaluateAll((buttons) =>
      buttons.map((b) => ({
        label: b.getAttribute('aria-label'),
        text: (b.textContent ?? '').trim(),
        person: b.closest('[data-testid="attendee-card"]')?.querySelector('[data-testid="attendee-link"]')
          ?.textContent,
      })),
    );
    for (const n of names) {
      expect(n.text).toBe('Meet');
      expect(n.label).toBe(`Meet ${n.person}`);
    }

    const link = await tabTo(page, (f) => f.testId === 'attendee-link' && !f.inDialog, "a person's card", {
      max: 200,
    });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('attendee-detail').waitFor();
    await expectGoodView(page, 'attendee-details-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const back = await expectFocus(page, (f) => f.href === link.href && !f.inDialog, 'the card again');
    expect(back.testId).toBe('attendee-link');
    expect(back.text).toBe(link.text);
    expect(page.url()).toMatch(new RegExp(`/event/${eventId}/attendees$`));
  });

  it('2.4.3 E4.17 send a meeting request and withdraw it: focus moves to Withdraw, then back to Send request', async () => {
    const me = await attendee('meet', 'Lena', 'Keyes');
    const other = await attendee('meet', 'Otto', 'Tabbert');
    const page = await openPage('desktop');
    await keyboardLogin(page, me);
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByTestId('attendees-list').getByTestId('attendee-card').first().waitFor();
    await tabTo(page, byTestId('attendees-search'), 'the search field', { max: 200 });
    await page.keyboard.type(other.fullName);
    await page
      .getByTestId('attendees-list')
      .locator(`[data-participant-id="${other.participantId}"]`)
      .waitFor();

    const meet = await tabTo(page, (f) => f.label === `Meet ${other.fullName}`, 'Meet Otto', { max: 40 });
    expect(meet.text).toBe('Meet');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Meet ${other.fullName}` });
    await dialog.getByTestId('meet-send-submit').waitFor();
    await tabTo(page, byTestId('meet-send-submit'), 'Send request', { max: 10 });
    await page.keyboard.press('Enter');
    const withdraw = await expectFocus(page, byTestId('meet-revoke'), 'Withdraw');
    expect(withdraw.inDialog).toBe(true);
    await expect
      .poll(() => dialog.getByTestId('meeting-card').getAttribute('data-status'))
      .toBe('invitePending');
    await expectGoodView(page, 'meeting-requested-1280');
    await page.keyboard.press('Enter');
    await expectFocus(page, byTestId('meet-send-submit'), 'Send request again');
    await expect.poll(() => dialog.getByTestId('meeting-card').getAttribute('data-status')).toBe('inviteNew');

    // Escape closes the card and focus is back on the Meet button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, (f) => f.label === `Meet ${other.fullName}`, 'the Meet button again');
  });

  it('2.1.1 E1.10 open the chat from a card and send a message with the keyboard', async () => {
    const me = await attendee('chat', 'Cora', 'Keyton');
    const other = await attendee('chat', 'Dirk', 'Enterby');
    const page = await openPage('desktop');
    await keyboardLogin(page, me);
    await page.goto(`/event/${eventId}/attendees/${other.participantId}`);
    await page.getByTestId('attendee-detail').waitFor();
    await tabTo(page, (f) => f.label === `Chat with ${other.fullName}`, 'Chat with Dirk', { max: 60 });
    await page.keyboard.press('Enter');
    await page.getByTestId('floating-chat-window').waitFor();
    await expectFocus(page, byTestId('chat-input'), 'the message field');
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Enter');
    await expect.poll(() => messageTexts(page)).toEqual(['Hello from the keyboard']);
    // The field is ready for the next message.
    expect((await focused(page)).testId).toBe('chat-input');
    await expectGoodView(page, 'chat-sent-1280');
  });

  for (const viewport of ['mobile', 'desktop'] as const) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`2.4.11 2.4.3 A2.60 the cookie banner comes first in the tab order and hides no focused control (${width})`, async () => {
      const page = await openPage(viewport, false);
      await page.goto('/login');
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await page.getByTestId('login-email').waitFor();
      // The banner's links and buttons are the first stops.
      await page.keyboard.press('Tab');
      expect((await focused(page)).inBanner).toBe(true);
      await tabTo(page, byTestId('cookie-dismiss'), 'Got it', { max: 3 });
      // Every other stop of the page is scrolled clear of the banner.
      const seen = new Set<string>();
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        const overlap = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const bar = document.querySelector('[data-testid="cookie-banner"]');
          if (!el || !bar || bar.contains(el) || el === document.body) return null;
          const a = el.getBoundingClientRect();
          const b = bar.getBoundingClientRect();
          const covered = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
          const across = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
          return {
            name: `${el.tagName} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30)}`,
            covered: covered > 0 && across > 0 ? covered : 0,
          };
        });
        if (!overlap) continue;
        seen.add(overlap.name);
        expect(overlap.covered, `${overlap.name} is under the cookie banner`).toBe(0);
      }
      expect(seen.size).toBeGreaterThan(5);
      await expectGoodView(page, `cookie-banner-tabbed-${width}`);

      // Got it, by keyboard: the banner goes and the page's bottom room with it.
      await tabTo(page, byTestId('cookie-dismiss'), 'Got it');
      await page.keyboard.press('Enter');
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
    });
  }

  it('2.4.7 the last visited event card shows a focus ring', async () => {
    const page = await openPage('desktop');
    await keyboardLogin(page, demoAttendee);
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('event-area').waitFor();
    await page.goto('/account/profile');
    const card = page.getByTestId('last-visited-card');
    await card.waitFor();
    await tabTo(page, byTestId('last-visited-card'), 'the last visited event', { max: 60 });
    const ring = await card.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await expectGoodView(page, 'last-visited-focused-1280');
  });
});
