import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  launchBrowser,
  newContext,
  screenshot,
  seriousAxeViolations,
  settleAnimations,
  type ViewportName,
} from './lib/browser';
import {
  api,
  apiLogin,
  apiRegisterVerified,
  apiSignup,
  DEMO_EVENT_NAME,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  demoEventId,
  pathOf,
  submitLogin,
  uniqueEmail,
} from './lib/flows';

/** The application shell: navigation, drawers, event landing, modal routes, checks (issue "shell"). */
describe('application shell in the browser', () => {
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

  async function signedIn(
    viewport: ViewportName = 'desktop',
    login: string = DEMO_LOGINS.attendee,
    options: { timezoneId?: string; password?: string } = {},
  ): Promise<Page> {
    context = options.timezoneId
      ? await browser.newContext({
          viewport: viewport === 'mobile' ? { width: 375, height: 812 } : { width: 1280, height: 800 },
          baseURL: baseURL(),
          locale: 'en-US',
          timezoneId: options.timezoneId,
        })
      : await newContext(browser, viewport);
    // The cookie banner is the static-pages feature's; keep it out of these screens.
    await context.addCookies([{ name: 'cookieconsent_status', value: 'allow', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, login, options.password ?? DEMO_PASSWORD);
    await page.waitForURL('**/event/list');
    return page;
  }

  /** Two frames after `response` has come: what the app decides from it has rendered by then. */
  async function renderedAfter(page: Page, response: Promise<unknown>) {
    await response;
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }

  async function expectAccessible(page: Page, name: string) {
    await settleAnimations(page); // drawers and modals animate for up to 500 ms (A2.85)
    await screenshot(page, `shell-${name}`);
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
  }

  it('A2.74 A2.75 A2.76 A2.77 A2.85 A4.48 desktop drawers open, trap focus, close on Escape and outside click', async () => {
    const page = await signedIn();
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('side-nav').waitFor();
    for (const key of [
      'notifications',
      'agenda',
      'invitations',
      'contacts',
      'chat',
      'events',
      'eventProfile',
    ]) {
      await page.getByTestId(`nav-${key}`).waitFor();
    }
    expect(await page.getByTestId('user-name').textContent()).toBe('Alex Morgan');

    const profile = page.getByTestId('nav-profile');
    await profile.click();
    const drawer = page.getByTestId('profile-drawer');
    await drawer.waitFor();
    expect(await page.getByRole('dialog').getByRole('tab').count()).toBe(4); // A2.75
    await expectAccessible(page, 'profile-drawer-1280');
    // Focus stays inside the open drawer (trap) ...
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    // ... Escape closes it after the 500 ms animation and gives focus back to the opener.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Focus comes back when the close transition has finished, a moment after the drawer leaves.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 3000 })
      .toBe('nav-profile');

    await page.getByTestId('nav-invitations').click();
    await page.getByTestId('invitations-drawer').waitFor();
    expect(await page.getByTestId(/^invitations-tab-/).count()).toBe(2); // received, sent; no company
    await expectAccessible(page, 'invitations-drawer-1280');
    // An outside click closes too.
    await page.mouse.click(200, 400);
    await page.getByTestId('invitations-drawer').waitFor({ state: 'detached' });

    for (const key of ['notifications', 'agenda', 'contacts']) {
      await page.getByTestId(`nav-${key}`).click();
      await page.getByTestId(`${key}-drawer`).waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId(`${key}-drawer`).waitFor({ state: 'detached' });
    }
  });

  it('A2.85 focus returns to the profile entry after Escape even when the navigation was rendered anew meanwhile', async () => {
    const page = await signedIn();
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('side-nav').waitFor();
    await page.getByTestId('nav-profile').click();
    const drawer = page.getByTestId('profile-drawer');
    await drawer.waitFor();
    // Crossing the tablet breakpoint and back renders the navigation, and its profile entry, anew.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.locator('[data-collapsed="true"][data-testid="side-nav"]').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('[data-testid="side-nav"]:not([data-collapsed])').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 3000 })
      .toBe('nav-profile');
  });

  it('A2.05 A2.67 A2.69 A2.71 A1.11 the event landing shows the default tab in place and switches tabs', async () => {
    const page = await signedIn();
    await page.goto(`/event/${eventId}/`);
    await page.getByRole('heading', { level: 1, name: DEMO_EVENT_NAME }).waitFor();
    const tabs = page.getByTestId('event-tabs').getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Attendees',
      'Sessions',
      'Venue map',
      'Speakers',
      'Expo',
      'Lobby',
    ]);
    expect(await page.getByTestId('event-tab-attendees').getAttribute('aria-selected')).toBe('true');
    expect(pathOf(page)).toBe(`/event/${eventId}/`);
    await expectAccessible(page, 'event-landing-1280');

    await page.getByTestId('event-tab-sessions').click();
    await page.waitForURL(`**/event/${eventId}/sessions`);
    await page.getByTestId('event-tab-panel-sessions').waitFor();
    // A2.78: the event area itself shows no last-visited card; the personal pages do.
    expect(await page.getByTestId('last-visited-card').count()).toBe(0);
    await page.goto('/my-agenda');
    await page.getByTestId('my-agenda-page').waitFor();
    await page.getByTestId('last-visited-card').waitFor();
    expect(await page.getByTestId('last-visited-card').textContent()).toContain(DEMO_EVENT_NAME);
    await page.goto('/event/list');
    await page.getByTestId('event-card').first().waitFor();
    expect(await page.getByTestId('last-visited-card').count()).toBe(0);
  });

  it('A2.68 A2.22 A2.82 A2.83 A2.84 mobile: lobby first, hamburger menu with back or my agenda', async () => {
    const page = await signedIn('mobile');
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('event-tabs').waitFor();
    expect(await page.getByTestId('event-tab-lobby').getAttribute('aria-selected')).toBe('true');
    // The chosen tab is scrolled into the sideways-scrolling tab row, not left off-screen.
    await expect
      .poll(async () => {
        const box = await page.getByTestId('event-tab-lobby').boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    expect(await page.getByTestId('side-nav').count()).toBe(0); // A2.81
    await expectAccessible(page, 'event-landing-375');

    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    await page.getByTestId('mobile-menu-agenda').waitFor(); // inside an event: my agenda
    expect(await page.getByTestId('nav-contacts').getAttribute('href')).toBe(`/contacts?eventId=${eventId}`); // A2.14
    expect(await page.getByTestId('nav-invitations').getAttribute('href')).toBe('/invitations/received'); // A2.08
    await expectAccessible(page, 'mobile-menu-375');
    await page.keyboard.press('Escape');
    await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });

    await page.goto('/notifications');
    await page.getByTestId('notifications-page').waitFor();
    await page.getByTestId('mobile-menu-button').click();
    // A2.84: the event profile was not filled on this device, so back leads to the event list.
    expect(await page.getByTestId('mobile-menu-back').getAttribute('href')).toBe('/event/list');
    await page.keyboard.press('Escape');
    await page.evaluate(
      (id) => localStorage.setItem('filledEventProfileForEvents', JSON.stringify([id])),
      eventId,
    );
    await page.reload();
    await page.getByTestId('mobile-menu-button').click();
    expect(await page.getByTestId('mobile-menu-back').getAttribute('href')).toBe(`/event/${eventId}/`);
  });

  it('A2.21 A2.23 A2.22 a detail route opens over the page with background state, as a page on direct load', async () => {
    const token = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    const speakers = await api<{ id: number; name: string; surname: string }[]>(
      `/event/${eventId}/speakers`,
      { token },
    );
    const speaker = speakers[0];
    expect(speaker).toBeDefined();
    const name = `${speaker?.name} ${speaker?.surname}`;
    const page = await signedIn();
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByTestId('event-tabs').waitFor();
    // Later features link with state { backgroundLocation }; push the same state the router would.
    await page.evaluate(
      ({ id, speakerId }) => {
        const backgroundLocation = {
          pathname: `/event/${id}/attendees`,
          search: '',
          hash: '',
          state: null,
          key: 'bg',
        };
        window.history.pushState(
          { usr: { backgroundLocation }, key: 'modal', idx: 1 },
          '',
          `/event/${id}/speakers/${speakerId}`,
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      },
      { id: eventId, speakerId: speaker?.id },
    );
    const dialog = page.getByRole('dialog', { name: 'Speaker' });
    await dialog.waitFor();
    await dialog.getByText(name).waitFor();
    await page.getByTestId('event-tab-panel-attendees').waitFor(); // the page underneath stays
    await expectAccessible(page, 'modal-route-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/event/${eventId}/attendees`);
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/event/${eventId}/speakers/${speaker?.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto(`/event/${eventId}/sessions/99999999`);
    await page.getByTestId('entity-not-found').waitFor();
    await page.goto(`/event/${eventId}/no-such-page`);
    await page.getByTestId('event-page-not-found').waitFor();
  });

  it('A2.27 A2.28 invitation pages are mobile-only and send wide screens to the attendees', async () => {
    const page = await signedIn();
    await page.goto(`/event/${eventId}/invitation/12/accept`);
    await page.waitForURL(`**/event/${eventId}/attendees`);
    await context?.close();
    const mobile = await signedIn('mobile');
    await mobile.goto(`/event/${eventId}/invitation/12/decline`);
    await mobile.getByTestId('invitation-page').waitFor();
    expect(pathOf(mobile)).toBe(`/event/${eventId}/invitation/12/decline`);
  });

  it('A2.80 A2.86 A2.87 A2.88 A2.20 footer, floating chat except on /chat, no navigation on badges', async () => {
    const page = await signedIn();
    const footer = page.getByTestId('shell-footer');
    await footer.waitFor();
    const text = (await footer.textContent()) ?? '';
    expect(text).toContain('Version 1.103.0');
    expect(text).toMatch(/built \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(text).toContain('© 2025');
    for (const href of ['/privacy-notice', '/terms', '/cookies']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    await page.getByTestId('floating-chat-button').click();
    await page.getByTestId('floating-chat-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/chat');
    await page.getByTestId('chat-page').waitFor();
    expect(await page.getByTestId('floating-chat-button').count()).toBe(0);
    await page.goto(`/event/${eventId}/badges`);
    await page.getByTestId('badges-page').waitFor();
    expect(await page.getByTestId('side-nav').count()).toBe(0);
    expect(await page.getByTestId('shell-footer').count()).toBe(0);
  });

  it('A6.06 A6.07 organizers see check-in and invite participant; the invite form validates', async () => {
    const page = await signedIn('desktop', DEMO_LOGINS.organizer);
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('check-in-panel').waitFor({ state: 'detached' });
    await page.getByTestId('nav-invite').click();
    await page.getByTestId('invite-form').waitFor();
    await page.getByTestId('invite-submit').click();
    await page.getByText('E-mail is required').waitFor();
    await expectAccessible(page, 'invite-modal-1280');
    await context?.close();
    const attendee = await signedIn();
    await attendee.goto(`/event/${eventId}/`);
    await attendee.getByTestId('nav-events').waitFor();
    expect(await attendee.getByTestId('nav-invite').count()).toBe(0);
    expect(await attendee.getByTestId('nav-checkIn').count()).toBe(0);
  });

  it('A4.41 A4.43 A4.45 A8.28 presence: closing without a choice leaves the event; a choice is saved', async () => {
    const page = await signedIn('desktop', DEMO_LOGINS.exhibitor);
    await page.evaluate(
      (id) => localStorage.setItem('filledEventProfileForEvents', JSON.stringify([id])),
      eventId,
    );
    await page.goto(`/event/${eventId}/`);
    const modal = page.getByTestId('presence-modal');
    await modal.waitFor();
    await expectAccessible(page, 'presence-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL('**/event/list');
    await page.getByText('Please choose On-site or Remote to enter the event.').waitFor();

    // A4.44: the event-profile page never asks: it does not even load the presence state, without
    // which the modal cannot open.
    const presenceCalls: string[] = [];
    const onRequest = (request: { url(): string; method(): string }) => {
      if (request.method() === 'GET' && request.url().endsWith(`/event/${eventId}/presence`)) {
        presenceCalls.push(request.url());
      }
    };
    page.on('request', onRequest);
    await page.goto(`/event/${eventId}/event-profile`);
    await page.getByTestId('event-profile-page').waitFor();
    await renderedAfter(page, page.waitForLoadState('load'));
    page.off('request', onRequest);
    expect(presenceCalls).toEqual([]);
    expect(await modal.count()).toBe(0);

    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('presence-venue').click();
    await modal.waitFor({ state: 'detached' });
    const token = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const state = await api<{ present: string; lastPresenceConfirmTime: string }>(
      `/event/${eventId}/presence`,
      {
        token,
      },
    );
    expect(state.present).toBe('venue');
    const presenceLoaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().endsWith(`/event/${eventId}/presence`),
    );
    await page.reload();
    await page.getByTestId('event-tabs').waitFor();
    await renderedAfter(page, presenceLoaded);
    expect(await modal.count()).toBe(0); // A4.42: not again within 24 hours
  });

  it('A2.65 A4.23 A4.24 A4.26 A4.27 A8.35 timezone check: set for a new user, asked when zones differ', async () => {
    const email = uniqueEmail('zone');
    await apiSignup(email, 'Zone-pass-123');
    const page = await signedIn('desktop', email, { password: 'Zone-pass-123' });
    const modal = page.getByTestId('timezone-modal');
    await modal.waitFor(); // A4.24: the new user confirms the zone that was set
    await expect
      .poll(
        async () =>
          (
            await api<{ timezone: string }>('/user/profile', {
              token: await apiLogin(email, 'Zone-pass-123'),
            })
          ).timezone,
      )
      .toBe('Europe/Istanbul');
    await page.getByTestId('timezone-keep').click();
    await modal.waitFor({ state: 'detached' });

    const token = await apiLogin(email, 'Zone-pass-123');
    await api('/user/profile', {
      method: 'PUT',
      token,
      body: { action: 'timezone', timezone: 'Asia/Tokyo' },
    });
    await page.reload();
    await modal.waitFor(); // A4.26: Tokyo on the profile, Istanbul on the device
    expect(await modal.textContent()).toContain('Asia/Tokyo');
    await page.getByTestId('timezone-keep').click();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await api<{ uiSettings: { timezoneCheck?: unknown } }>('/user/profile', { token })).uiSettings
            .timezoneCheck,
      )
      .toEqual({ userTimezone: 'Asia/Tokyo', localTimezone: 'Europe/Istanbul' });
    const profileLoaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().endsWith('/user/profile'),
    );
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await renderedAfter(page, profileLoaded);
    expect(await modal.count()).toBe(0); // A4.27: the same pair was kept before

    await page.getByTestId('nav-profile').click();
    await page.getByTestId('profile-tab-settings').click();
    await page.getByTestId('timezone-change').click();
    await modal.waitFor();
    await page.getByTestId('timezone-select').fill('Europe/Madrid');
    await page.getByRole('option', { name: 'Europe/Madrid' }).click();
    await page.getByTestId('timezone-save').click();
    await page.getByText('Your time zone was saved.').waitFor(); // A8.35
    expect((await api<{ timezone: string }>('/user/profile', { token })).timezone).toBe('Europe/Madrid');
  });

  it('A4.35 A4.36 A4.37 A4.39 A4.40 a meeting request arrives live: badges, drawer, seen and read', async () => {
    const email = uniqueEmail('notify');
    const password = 'Notify-pass-1';
    const token = await apiRegisterVerified({
      eventId,
      name: 'Nora',
      surname: 'Lind',
      email,
      password,
      fields: { industry: 'Health' },
    });
    const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
    const page = await signedIn('desktop', email, { password });
    await page.getByTestId('timezone-keep').click(); // a new account confirms its zone first (A4.24)
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('event-tabs').waitFor();
    const bell = page.getByTestId('nav-notifications');
    expect(await bell.textContent()).toBe('Notifications');

    const organizer = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    await api('/event/schedule/join', {
      token: organizer,
      body: { eventId, toType: 'participant', toId: me.id, message: 'Coffee at the expo?' },
    });
    // Pushed over the realtime connection: no reload.
    await expect.poll(() => bell.textContent(), { timeout: 15_000 }).toContain('1');
    await expect
      .poll(() => page.getByTestId('nav-invitations').textContent(), { timeout: 15_000 })
      .toContain('1');

    await page.getByTestId('nav-invitations').click();
    await page
      .getByTestId('invitations-drawer')
      .getByTestId('invitation-row')
      .getByText('Selin Kaya')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('invitations-drawer').waitFor({ state: 'detached' });

    await bell.click();
    const item = page.getByTestId('notification-item').first();
    await item.getByText('Selin Kaya wants to meet you').waitFor();
    await expectAccessible(page, 'notifications-drawer-1280');
    await expect.poll(() => bell.textContent()).toBe('Notifications'); // seen (A4.36)
    await item.getByTestId('notification-mark-read').click();
    await item.getByTestId('notification-mark-read').waitFor({ state: 'detached' }); // read (A4.37)
    const counts = await api<{ unread: number; unseen: number }>('/notifications/counts', { token });
    expect(counts).toMatchObject({ unread: 0, unseen: 0 });
  });

  it('A1.14 A1.16 A1.17 A4.28 A4.30 native shell: flag remembered, device bridge saves tokens, logout message', async () => {
    context = await newContext(browser, 'mobile');
    await context.addInitScript(() => {
      const messages: string[] = [];
      (window as unknown as { __native: string[] }).__native = messages;
      (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
        postMessage: (m: string) => messages.push(m),
      };
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/login?appNative');
    await submitLogin(page, DEMO_LOGINS.attendee, DEMO_PASSWORD);
    await page.waitForURL('**/event/list');
    expect(await page.evaluate(() => localStorage.getItem('appNative'))).toBe('true');
    type Bridge = { foyerDevice: { saveToken(d: string, t: string): Promise<boolean> } };
    expect(await page.evaluate(() => (window as unknown as Bridge).foyerDevice.saveToken('', 'token'))).toBe(
      false,
    );
    expect(errors.some((e) => e.includes('device id and a token'))).toBe(true);
    expect(
      await page.evaluate(() =>
        (window as unknown as Bridge).foyerDevice.saveToken('device-1', 'push-token'),
      ),
    ).toBe(true);
    expect(await page.evaluate(() => document.querySelector('script[data-support-widget]'))).toBeNull(); // A1.19

    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-sign-out').click();
    await page.waitForURL('**/login');
    const messages = await page.evaluate(() => (window as unknown as { __native: string[] }).__native);
    expect(messages).toContain(JSON.stringify({ type: 'logout' }));
    expect(await page.evaluate(() => localStorage.getItem('appNative'))).toBe('true'); // still native after logout
  });
});
