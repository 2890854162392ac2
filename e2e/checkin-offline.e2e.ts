import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { freshTicket, scan } from './lib/checkin';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

// The door's own region: the app-wide offline notice above it (A8.31) has its own checks.
const expectAccessible = screenChecks('checkin-offline', {
  within: '[data-testid="check-in-panel"]',
  screenshot: 'viewport',
});

interface Door {
  context: BrowserContext;
  page: Page;
}

/** The door when the network is away (issue 14 part 4) and the live door (part 5), in two browsers. */
describe('check-in offline and live', () => {
  let browser: Browser;
  let eventId: number;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });

  /** A staff member's scanner in its own browser, named like a gate (the device label). */
  async function door(label: string, viewport: 'desktop' | 'mobile'): Promise<Door> {
    const { context, page } = await signIn(browser, demoLogin('organizer'), { viewport, landing: 'none' });
    opened.push(context);
    const id = `door-e2e-${label.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`;
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      'checkInDevice',
      JSON.stringify({ id, label, scanType: 'individual', source: 'handheld' }),
    ] as const);
    await page.goto(`/event/${eventId}/`);
    if (viewport === 'mobile') await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
    // The event's tickets are on the device before the network goes.
    await page.locator('[data-testid="check-in-offline"]:not([data-snapshot=""])').waitFor();
    return { context, page };
  }

  const offlineScan = (page: Page, state: string) =>
    page.locator(`[data-testid="check-in-offline-scan"][data-state="${state}"]`);

  it('E4.65 two doors scan one ticket offline: both pending, then one check-in and one "already checked in by Gate A"', async () => {
    const guest = await freshTicket(eventId, 'Ofelia', 'Offline');
    const a = await door('Gate A', 'desktop');
    const b = await door('Gate B', 'mobile');

    for (const { context, page } of [a, b]) {
      await context.setOffline(true);
      await page.locator('[data-testid="check-in-offline"][data-online="false"]').waitFor();
      await scan(page, guest.ticketId);
      // The panel says the scan is kept; the list shows who it is, from the device's tickets.
      await page.locator('[data-testid="check-in-result"][data-outcome="pending"]').waitFor();
      await offlineScan(page, 'pending').getByText(`Until synced: ${guest.name} is checked in`).waitFor();
    }
    for (const { page } of [a, b]) await page.getByTestId('check-in-offline').scrollIntoViewIfNeeded();
    await expectAccessible(a.page, 'pending-1280');
    await expectAccessible(b.page, 'pending-375');

    // Gate A is back first and wins; Gate B is told when and where the person came in.
    await a.context.setOffline(false);
    await offlineScan(a.page, 'done').and(a.page.locator('[data-outcome="checkedIn"]')).waitFor();
    await b.context.setOffline(false);
    const conflict = offlineScan(b.page, 'done').and(b.page.locator('[data-outcome="alreadyCheckedIn"]'));
    await conflict.getByText(/^Already checked in at \d{2}:\d{2} by Gate A$/).waitFor();
    await conflict.scrollIntoViewIfNeeded();
    await expectAccessible(b.page, 'conflict-375');

    // Exactly one check-in on the server, made by Gate A.
    const token = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const found = await api<{ items: { participantId: number; checkedIn: boolean }[] }>(
      `/event/participant/checkIn/lookup?eventId=${eventId}&q=${guest.ticketId}`,
      { token },
    );
    expect(found.items).toEqual([
      expect.objectContaining({ participantId: guest.participantId, checkedIn: true }),
    ]);
    const again = await api<{ outcome: string; previous: { by: string } | null }>(
      '/event/participant/checkIn',
      {
        token,
        body: { eventId, ticketId: guest.ticketId, checkIn: true },
      },
    );
    expect(again).toMatchObject({ outcome: 'alreadyCheckedIn', previous: { by: 'Gate A' } });

    // Staff clear what they read.
    await b.page.getByTestId('check-in-offline-clear').click();
    await b.page.getByTestId('check-in-offline-scan').waitFor({ state: 'detached' });
  });

  it('E4.77 E4.65 a scan the server applied but whose answer was lost syncs to that answer, not to a second check-in', async () => {
    const guest = await freshTicket(eventId, 'Lorna', 'Lost');
    const a = await door('Gate L', 'desktop');
    // The request reaches the server and is applied; its answer never comes back.
    let sent: Record<string, unknown> | null = null;
    await a.page.route(
      '**/api/v1/event/participant/checkIn',
      async (route) => {
        sent = route.request().postDataJSON() as Record<string, unknown>;
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await scan(a.page, guest.ticketId);
    // Kept on the device under the command id the call carried, and synced under it: the server
    // answers what it did the first time (checked in), not "already checked in by Gate L".
    const settled = offlineScan(a.page, 'done');
    await settled.waitFor();
    expect(await settled.getAttribute('data-outcome')).toBe('checkedIn');
    expect(sent).toMatchObject({ ticketId: guest.ticketId, commandId: expect.stringMatching(/^scan-/) });
  });

  it('E7.73 a check-in at one door shows at the other at once: count and inside list, without polling', async () => {
    const guest = await freshTicket(eventId, 'Livia', 'Live');
    const a = await door('Gate A', 'desktop');
    const b = await door('Gate B', 'desktop');
    const before = await b.page.getByTestId('check-in-inside').textContent();
    expect(before).not.toContain(guest.name);
    await scan(a.page, guest.ticketId);
    await a.page.locator('[data-testid="check-in-result"][data-outcome="checkedIn"]').waitFor();
    // Far below the 15 s the screen used to poll at.
    await b.page.getByTestId('check-in-inside').getByText(guest.name).waitFor({ timeout: 5_000 });
  });

  it('A4.04 E4.65 a door reloads without a network: still signed in, the check-in screen opens again by itself, a scan waits and syncs', async () => {
    const guest = await freshTicket(eventId, 'Renata', 'Reload');
    const a = await door('Gate R', 'desktop');
    await a.page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      return Boolean(registration?.active && navigator.serviceWorker.controller);
    });
    // The screen says when it can open offline: wait for that, as a door manager would.
    await a.page.locator('[data-testid="check-in-offline"][data-files="kept"]').waitFor({ timeout: 60_000 });
    const userName = await a.page.getByTestId('user-name').first().textContent();
    expect(userName).toBeTruthy();

    await a.context.setOffline(true);
    await a.page.reload();
    // Signed in as before, on the event (its last answer kept on the device), not sent to /login.
    await a.page.locator(`[data-testid="event-area"][data-event-id="${eventId}"]`).waitFor();
    expect(await a.page.getByTestId('user-name').first().textContent()).toBe(userName);
    // The door was open when the page reloaded: it opens again by itself.
    await a.page.getByTestId('check-in-panel').waitFor();
    await a.page
      .locator('[data-testid="check-in-offline"][data-online="false"]:not([data-snapshot=""])')
      .waitFor();
    // The areas came from the device too: the event's rooms are there to choose.
    await a.page.getByTestId('check-in-area').click();
    await a.page.getByRole('option', { name: 'Room: Workshop Room' }).waitFor();
    await a.page.keyboard.press('Escape');
    await scan(a.page, guest.ticketId);
    await a.page.locator('[data-testid="check-in-result"][data-outcome="pending"]').waitFor();
    await offlineScan(a.page, 'pending').getByText(`Until synced: ${guest.name} is checked in`).waitFor();

    // The network is back: the session is checked with the server and stays, the scan syncs.
    const profileChecked = a.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/user/profile',
    );
    await a.context.setOffline(false);
    expect((await profileChecked).status()).toBe(200);
    await offlineScan(a.page, 'done').and(a.page.locator('[data-outcome="checkedIn"]')).waitFor();
    expect(new URL(a.page.url()).pathname).toBe(`/event/${eventId}/`);
    expect(await a.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await a.page.getByTestId('user-name').first().textContent()).toBe(userName);
    await a.page.getByTestId('check-in-panel').waitFor();
    const organizer = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const found = await api<{ items: { participantId: number; checkedIn: boolean }[] }>(
      `/event/participant/checkIn/lookup?eventId=${eventId}&q=${guest.ticketId}`,
      { token: organizer },
    );
    expect(found.items).toEqual([
      expect.objectContaining({ participantId: guest.participantId, checkedIn: true }),
    ]);
  });

  it('A4.04 A8.31 a door keeps every file its screen may load: offline, the camera’s decoder and its .wasm come from the device though the camera was never opened', async () => {
    const a = await door('Gate K', 'desktop');
    const region = a.page.getByTestId('check-in-offline');
    await a.page.locator('[data-testid="check-in-offline"][data-files="kept"]').waitFor({ timeout: 60_000 });
    expect(await region.getByTestId('check-in-offline-files').textContent()).toBe(
      'This screen opens and scans without a network on this device.',
    );
    const list = await a.page.evaluate(
      async () => (await (await fetch('/door-files.json')).json()) as string[],
    );
    const loaded = await a.page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    const wasm = list.filter((file) => file.endsWith('.wasm'));
    expect(wasm).toHaveLength(1);
    expect(loaded).not.toContain(wasm[0]); // a handheld door: the camera never started
    expect(list.some((file) => file.includes('/check-in-panel-'))).toBe(true);

    await a.context.setOffline(true);
    const statusOf = (urls: string[]) =>
      a.page.evaluate(
        (paths) =>
          Promise.all(
            paths.map((path) =>
              fetch(path).then(
                (response) => response.status,
                () => 0,
              ),
            ),
          ),
        urls,
      );
    expect(await statusOf(list)).toEqual(list.map(() => 200));
    // What is not kept is not there: the network is really away (0, not the server's 404).
    expect(await statusOf([`/assets/not-kept-${Date.now()}.js`])).toEqual([0]);
  });

  it('A4.04 a door whose files were only partly kept says so and keeps the rest when the network comes back', async () => {
    const a = await door('Gate Q', 'desktop');
    const region = a.page.getByTestId('check-in-offline');
    await a.page.locator('[data-testid="check-in-offline"][data-files="kept"]').waitFor({ timeout: 60_000 });
    const wasm = (
      await a.page.evaluate(async () => (await (await fetch('/door-files.json')).json()) as string[])
    ).find((file) => file.endsWith('.wasm'));
    if (!wasm) throw new Error('the door’s list names no .wasm');
    const keptOnDevice = () => a.page.evaluate(async (file) => Boolean(await caches.match(file)), wasm);
    // As if the network had gone while the worker was keeping the camera's decoder: it is not on
    // the device, and neither it nor the door's list can be fetched now.
    await a.page.evaluate(async (file) => {
      for (const key of await caches.keys()) await (await caches.open(key)).delete(file);
    }, wasm);
    expect(await keptOnDevice()).toBe(false);
    const unreachable = (url: URL) => url.pathname === wasm || url.pathname === '/door-files.json';
    await a.context.route(unreachable, (route) => route.abort('internetdisconnected'));

    // The door opened again: its list comes from the device, and the missing decoder is noticed.
    const dialog = a.page.getByRole('dialog', { name: 'Check-in' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await a.page.getByTestId('check-in-panel').waitFor({ state: 'detached' });
    await a.page.getByTestId('nav-checkIn').click();
    await a.page
      .locator('[data-testid="check-in-offline"][data-files="partial"]')
      .waitFor({ timeout: 60_000 });
    expect(await region.getByTestId('check-in-offline-files').textContent()).toBe(
      'Part of this screen is not kept on the device yet: it will be as soon as the network allows.',
    );
    expect(await keptOnDevice()).toBe(false);

    // The network comes back: the door keeps the rest by itself.
    await a.context.unroute(unreachable);
    await a.context.setOffline(true);
    await a.context.setOffline(false);
    await a.page.locator('[data-testid="check-in-offline"][data-files="kept"]').waitFor({ timeout: 60_000 });
    expect(await keptOnDevice()).toBe(true);
  });

  it('A4.04 a door shows another language without a network: every language’s texts are kept on the device', async () => {
    const a = await door('Gate L', 'desktop');
    await a.page.locator('[data-testid="check-in-offline"][data-files="kept"]').waitFor({ timeout: 60_000 });
    expect(await a.page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Turkish was never shown on this device; offline, the door reloads in it.
    await a.context.setOffline(true);
    await a.page.evaluate(() => localStorage.setItem('language', 'tr'));
    await a.page.reload();
    await a.page.getByTestId('check-in-panel').waitFor();
    await a.page
      .getByTestId('check-in-offline-files')
      .getByText('Bu ekran bu cihazda ağ olmadan açılır ve tarar.')
      .waitFor({ timeout: 60_000 });
    expect(await a.page.evaluate(() => document.documentElement.lang)).toBe('tr');
  });

  it('A4.04 a phone door pulled to refresh opens its check-in screen again; once closed, a reload leaves it closed', async () => {
    const a = await door('Gate P', 'mobile');
    await a.page.reload();
    await a.page.getByTestId('check-in-panel').waitFor();
    await a.page.locator('[data-testid="check-in-offline"]:not([data-snapshot=""])').waitFor();
    const dialog = a.page.getByRole('dialog', { name: 'Check-in' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await a.page.getByTestId('check-in-panel').waitFor({ state: 'detached' });
    await a.page.reload();
    await a.page.locator(`[data-testid="event-area"][data-event-id="${eventId}"]`).waitFor();
    // The event's screen is up and settled; the door stays closed.
    await a.page.getByTestId('mobile-menu-button').waitFor();
    expect(await a.page.getByTestId('check-in-panel').count()).toBe(0);
    // Another tab (its own session storage) is not a door until someone opens one there.
    const other = await a.context.newPage();
    await a.page.getByTestId('mobile-menu-button').click();
    await a.page.getByTestId('nav-checkIn').click();
    await a.page.getByTestId('check-in-panel').waitFor();
    await other.goto(`/event/${eventId}/`);
    await other.locator(`[data-testid="event-area"][data-event-id="${eventId}"]`).waitFor();
    await other.getByTestId('mobile-menu-button').waitFor();
    expect(await other.getByTestId('check-in-panel').count()).toBe(0);
  });

  it('A8.31 a door page reloads without a network: the app shell and its assets come from the service worker', async () => {
    const a = await door('Gate A', 'desktop');
    await a.page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      return Boolean(registration?.active && navigator.serviceWorker.controller);
    });
    await a.context.setOffline(true);
    const response = await a.page.reload();
    expect(response?.ok()).toBe(true);
    // The app starts (its own screen and its network warning), not the browser's "no internet" page.
    // The notice can come before the screen's own chunks have rendered (a loaded CI machine): wait
    // for the app's buttons rather than count them at once.
    await a.page.getByText('Please check network connection.').first().waitFor();
    await a.page.locator('#root button').first().waitFor();
    expect(await a.page.locator('#root button').count()).toBeGreaterThan(0);
    expect(await a.page.evaluate(() => navigator.onLine)).toBe(false);
  });
});
