import { type CheckInLookup, type ConsolePerson, realtimeRoom } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { scanAndRead } from './lib/checkin';
import { registerAttendee } from './lib/expo';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId, type RegisteredAttendee } from './lib/flows';
import { watchSubscribed } from './lib/realtime-door';
import { demoLogin, signIn } from './lib/sign-in';

// The door screen is a dialog over the event's long home page: the screenshots show what staff see.
const expectAccessible = screenChecks('checkin-occupancy', { screenshot: 'viewport' });

/** The room this test sets up, with a door area of ten places on it. */
const ROOM = 'Tasting Room';
const CAPACITY = 10;

/**
 * E2.67, E5.56: an area's occupancy at the door, live. The organizer watches the door screen of a
 * small area on a desktop while a member of the check-in staff scans people in on a phone: the
 * count, the "nearly full" (90 %) and "full" warnings and the inside-now list follow each scan
 * without a reload and without polling, and a check-out lowers them again; so does the console's
 * door set-up in another tab.
 */
describe('door occupancy in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let eventId: number;
  let organizerToken: string;
  let roomId: number;
  let staff: RegisteredAttendee;
  /** Ten people of the demo event with their tickets, and one more for the full room. */
  let people: { participantId: number; fullName: string; ticketId: string }[];

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    organizerToken = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const consoleApi = (path: string, body?: unknown) =>
      api<{ id: number }>(`/organizer/event/${eventId}${path}`, { token: organizerToken, body });
    // Arrangement through the console's API: the room, its door area, and a new check-in staff member.
    roomId = (await consoleApi('/rooms', { name: ROOM, capacity: 200 })).id;
    await consoleApi('/door/areas', {
      entityType: 'location',
      entityId: roomId,
      name: null,
      capacity: CAPACITY,
    });
    staff = await registerAttendee(eventId, 'door-staff', 'Dora', 'Doorkeeper');
    await consoleApi('/door/staff', { participantId: staff.participantId });

    const listed = await api<ConsolePerson[]>(`/organizer/event/${eventId}/exhibitors/people`, {
      token: organizerToken,
    });
    const guests = listed.filter((p) => !p.organizer && !p.checkInAdmin && p.boothId === null);
    if (guests.length < CAPACITY + 1) throw new Error(`only ${guests.length} guests to check in`);
    people = [];
    for (const guest of guests.slice(0, CAPACITY + 1)) {
      const found = await api<CheckInLookup>(
        `/event/participant/checkIn/lookup?eventId=${eventId}&q=${encodeURIComponent(guest.email)}`,
        { token: organizerToken },
      );
      const item = found.items.find((i) => i.participantId === guest.participantId);
      if (!item?.ticketId) throw new Error(`${guest.fullName} has no ticket id`);
      people.push({ participantId: item.participantId, fullName: item.fullName, ticketId: item.ticketId });
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  /** Closes the toasts one by one (they cover the top of a phone's screen). */
  async function dismissToasts(page: Page): Promise<void> {
    const close = page.locator('.mantine-Notification-root').getByRole('button', { name: 'Close' });
    for (let open = await close.count(); open > 0; open = await close.count()) {
      await close.first().click();
      await expect.poll(() => close.count()).toBeLessThan(open);
    }
  }

  /** Signs in, opens the door screen from the event's menu and picks the room. */
  async function openDoor(page: Page): Promise<void> {
    await page.goto(`/event/${eventId}/`);
    if (page.viewportSize()?.width === 375) await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
    await page.getByTestId('check-in-area').click();
    await page.getByRole('option', { name: new RegExp(`^Room: ${ROOM}`) }).click();
  }

  it('E2.67 E5.56 the door screen follows check-ins live: count, nearly full, full, inside now, check-out', async () => {
    // Seven are inside before the doors are watched (API); the staff scans the rest in the browser.
    for (const person of people.slice(0, 7)) {
      await api(`/event/participant/checkIn`, {
        token: organizerToken,
        body: {
          eventId,
          entityType: 'location',
          entityId: roomId,
          participantId: person.participantId,
          checkIn: true,
        },
      });
    }
    const { context: oc, page: watch } = await signIn(browser, demoLogin('organizer'), {
      viewport: 'desktop',
      landing: 'none',
    });
    const { context: sc, page: door } = await signIn(
      browser,
      { email: staff.email, password: staff.password },
      { viewport: 'mobile', landing: 'none' },
    );
    contexts.push(oc, sc);
    // The staff's phone is named like a gate: the organizer's screen counts people per gate.
    await sc.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      'checkInDevice',
      JSON.stringify({ id: `door-e2e-gate-c-${Date.now().toString(36)}`, label: 'Gate C' }),
    ] as const);
    await openDoor(watch);
    await openDoor(door);
    // The console's door set-up shows the same occupancy, live too (no 15 s polling any more).
    const consolePage = await oc.newPage();
    const consoleRoomOn = watchSubscribed(consolePage, realtimeRoom.checkInAreas(eventId));
    await consolePage.goto(`/organizer/${eventId}/exhibitors`);
    const consoleRow = consolePage.getByTestId('area-row').filter({ hasText: ROOM });
    await consoleRow.getByText(`7 of ${CAPACITY}`, { exact: true }).waitFor();
    // Its live room comes on with no record missing from the list: nothing is asked again. Let the
    // page's own loads settle, and its room come on (the realtime client arrives once the page is
    // idle, later on a busy machine), before counting.
    await consolePage.waitForLoadState('networkidle');
    await expect.poll(consoleRoomOn).toBe(true);
    const consoleAsked: string[] = [];
    consolePage.on('request', (request) => {
      if (request.url().includes('/door/areas')) consoleAsked.push(request.url());
    });
    const panel = watch.getByTestId('check-in-panel');
    const inside = watch.getByTestId('check-in-inside');
    const warning = watch.getByTestId('check-in-capacity');
    await panel.getByText(`7 of ${CAPACITY} inside`, { exact: true }).waitFor();
    await inside.getByRole('heading', { name: 'Inside now: 7' }).waitFor();
    await inside.getByText(people[6]?.fullName as string).waitFor();
    expect(await warning.count()).toBe(0);

    // From here the organizer's screen neither reloads (the mark stays) nor asks the server again.
    await watch.evaluate(() => {
      (window as unknown as { stayed?: boolean }).stayed = true;
    });
    const asked: string[] = [];
    watch.on('request', (request) => {
      if (/\/checkIn\/(areas|list)\b/.test(request.url())) asked.push(request.url());
    });

    const [eighth, ninth, tenth, eleventh] = people.slice(7) as [
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
    ];
    // 8 of 10: more inside, no warning yet.
    expect(await scanAndRead(door, eighth.ticketId)).toBe('checkedIn');
    await panel.getByText(`8 of ${CAPACITY} inside`, { exact: true }).waitFor();
    await inside.getByRole('heading', { name: 'Inside now: 8' }).waitFor();
    await inside.getByText(eighth.fullName).waitFor();
    expect(await warning.count()).toBe(0);
    await consoleRow.getByText(`8 of ${CAPACITY}`, { exact: true }).waitFor();

    // 9 of 10 (90 %): "nearly full", said in words.
    expect(await scanAndRead(door, ninth.ticketId)).toBe('checkedIn');
    await warning.and(watch.locator('[data-level="nearlyFull"]')).waitFor();
    expect(await warning.textContent()).toBe(`Room: ${ROOM} is nearly full: 9 of ${CAPACITY} inside.`);
    expect(await warning.getAttribute('role')).toBe('alert');
    await inside.getByText(ninth.fullName).waitFor();
    await expectAccessible(watch, 'nearly-full-1280');

    // 10 of 10: "full"; the next one is turned away at the door (E5.56) and the count stays.
    expect(await scanAndRead(door, tenth.ticketId)).toBe('checkedIn');
    await warning.and(watch.locator('[data-level="full"]')).waitFor();
    expect(await warning.textContent()).toBe(`Room: ${ROOM} is full: ${CAPACITY} of ${CAPACITY} inside.`);
    await inside.getByRole('heading', { name: `Inside now: ${CAPACITY}` }).waitFor();
    await inside.getByText(tenth.fullName).waitFor();
    expect(await scanAndRead(door, eleventh.ticketId)).toBe('fullyOccupied');
    await door.getByTestId('check-in-result').getByText('This area is fully occupied').waitFor();
    const doorWarning = door.getByTestId('check-in-capacity').and(door.locator('[data-level="full"]'));
    await doorWarning.waitFor();
    await dismissToasts(door);
    await doorWarning.evaluate((el) => el.scrollIntoView({ block: 'center' })); // clear of the dialog's header
    await expectAccessible(door, 'full-375');
    await expectAccessible(watch, 'full-1280');
    expect(await inside.getByText(eleventh.fullName).count()).toBe(0);

    // One leaves: the count drops, the list loses them, the warning is "nearly full" again.
    await door.getByTestId('check-in-mode').getByText('Check out').click();
    expect(await scanAndRead(door, tenth.ticketId)).toBe('checkedOut');
    await panel.getByText(`9 of ${CAPACITY} inside`, { exact: true }).waitFor();
    await inside.getByRole('heading', { name: 'Inside now: 9' }).waitFor();
    await inside.getByText(tenth.fullName).waitFor({ state: 'detached' });
    await warning.and(watch.locator('[data-level="nearlyFull"]')).waitFor();
    await expectAccessible(watch, 'after-check-out-1280');

    // Per gate: the seven let in without a device name, and Gate C's two inside and one gone out.
    const gates = watch.getByTestId('check-in-gates');
    await gates.locator('[data-gate="Gate C"]').getByText('2 inside · 1 out').waitFor();
    expect(await gates.locator('[data-gate=""]').textContent()).toBe(
      'Without a device name:7 inside · 0 out',
    );
    expect(await watch.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(asked).toEqual([]);
    await consoleRow.getByText(`9 of ${CAPACITY}`, { exact: true }).waitFor();
    expect(consoleAsked).toEqual([]);
  }, 180_000);
});
