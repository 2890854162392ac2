import { type ConsoleEventDetails, type EventDetails, realtimeRoom } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser, type ViewportName } from './lib/browser';
import { api, apiLogin, apiSignup, demoEventId, uniqueEmail } from './lib/flows';
import { pngImage } from './lib/lobby';
import { holdRealtime, watchSubscribed } from './lib/realtime-door';
import { demoLogin, signIn } from './lib/sign-in';

const expectGood = screenChecks('venue-map');
const PASSWORD = 'Venue-map-2027';
const ZONE = 'Europe/Istanbul';

interface Account {
  email: string;
  token: string;
}

/** A new account with its time zone answered, so its first login asks nothing. */
async function account(tag: string): Promise<Account> {
  const email = uniqueEmail(tag);
  await apiSignup(email, PASSWORD);
  const token = await apiLogin(email, PASSWORD);
  await api('/user/profile', { method: 'PUT', token, body: { action: 'timezone', timezone: ZONE } });
  return { email, token };
}

/** The picture's natural width once it loaded (0 while loading or when broken). */
function loadedWidth(page: Page): Promise<number> {
  return page
    .getByTestId('venue-map-picture')
    .evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0));
}

async function createEvent(token: string, name: string): Promise<number> {
  const event = await api<{ id: number }>('/organizer/event', {
    token,
    body: {
      name,
      eventType: 'hybrid',
      timezone: ZONE,
      sdt: '2031-10-01T07:00:00.000Z',
      edt: '2031-10-02T15:00:00.000Z',
    },
  });
  return event.id;
}

/**
 * A2.71 the venue map: the organizer uploads a plan and places pins in the console (one by a click,
 * one with the keyboard and the % inputs); attendees see the numbered pins and their list, choose a
 * place in either; an event without a map shows no Venue map tab.
 */
describe('venue map in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let organizer: Account;
  let attendee: Account;
  let eventId: number;
  let roomId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    organizer = await account('venue-organizer');
    attendee = await account('venue-attendee');
    eventId = await createEvent(organizer.token, 'Harbour Expo');
    const room = await api<{ id: number }>(`/organizer/event/${eventId}/rooms`, {
      token: organizer.token,
      body: { name: 'Hall A', capacity: null },
    });
    roomId = room.id;
    await api(`/event/${eventId}?attendEvent=true`, { token: attendee.token });
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  /** A signed-in page of `who` at `path` (null: not yet loaded). */
  async function open(who: Account, viewport: ViewportName, path: string | null): Promise<Page> {
    const { context, page } = await signIn(
      browser,
      { email: who.email, password: PASSWORD },
      { viewport, landing: 'none' },
    );
    contexts.push(context);
    if (path !== null) await page.goto(path);
    return page;
  }

  it('A2.71 the organizer uploads a map, places a pin by click and one by keyboard, and saves (1280, 375)', async () => {
    const page = await open(organizer, 'desktop', `/organizer/${eventId}/settings`);
    const section = page.getByTestId('settings-venue-map');
    await section.waitFor();
    await section.locator('input[type=file]').setInputFiles({
      name: 'venue.png',
      mimeType: 'image/png',
      buffer: pngImage(480, 320),
    });
    const image = page.getByTestId('venue-map-image');
    await image.waitFor();

    // Pin 1 by a click a quarter across and 30 % down the map.
    const box = await image.boundingBox();
    if (!box) throw new Error('the map has no box');
    await image.click({ position: { x: box.width * 0.25, y: box.height * 0.3 } });
    await page.getByTestId('venue-map-marker-1').waitFor();
    await page.getByTestId('venue-map-pin-label-1').fill('Registration desk');
    const x1 = Number(await page.getByTestId('venue-map-pin-x-1').inputValue());
    const y1 = Number(await page.getByTestId('venue-map-pin-y-1').inputValue());
    expect(Math.abs(x1 - 25)).toBeLessThan(2);
    expect(Math.abs(y1 - 30)).toBeLessThan(2);

    // Pin 2 with the keyboard only: Add pin, then its label, position in % and room.
    await page.getByTestId('venue-map-add').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('venue-map-pin-row-2').waitFor();
    await page.getByTestId('venue-map-pin-label-2').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Keynote stage');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('75');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('60');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hall');
    await page.getByRole('option', { name: 'Hall A' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('venue-map-pin-room-2').inputValue()).toBe('Hall A');
    const marker2 = page.getByTestId('venue-map-marker-2');
    await expect.poll(() => marker2.evaluate((el) => (el as HTMLElement).style.left)).toBe('75%');

    await page.getByTestId('venue-map-save').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Venue map saved').first().waitFor();
    await expect
      .poll(async () => {
        const saved = await api<ConsoleEventDetails>(`/organizer/event/${eventId}`, {
          token: organizer.token,
        });
        return saved.venueMap?.pins.map((pin) => [pin.number, pin.label, pin.y > 25, pin.roomId]);
      })
      .toEqual([
        [1, 'Registration desk', true, null],
        [2, 'Keynote stage', true, roomId],
      ]);
    await expectGood(page, 'settings-1280');

    const phone = await open(organizer, 'mobile', `/organizer/${eventId}/settings`);
    await phone.getByTestId('venue-map-marker-2').waitFor();
    await expectGood(phone, 'settings-375');
  });

  it('A2.71 an attendee sees both pins and the list, and choosing one highlights it in both (1280, 375)', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const width = viewport === 'desktop' ? 1280 : 375;
      const page = await open(attendee, viewport, `/event/${eventId}/venueMap`);
      await page.getByTestId('event-tab-venueMap').waitFor();
      await page.getByTestId('venue-map-picture').waitFor();
      await expect.poll(() => loadedWidth(page)).toBe(480);
      await page.getByTestId('venue-map-pin-1').waitFor();
      await page.getByTestId('venue-map-pin-2').waitFor();
      await expect(page.getByTestId('venue-map-picture').getAttribute('alt')).resolves.toContain(
        'Map of the venue of Harbour Expo',
      );
      const items = page.getByTestId('venue-map-list').locator('li');
      await expect
        .poll(() => items.allInnerTexts())
        .toEqual([
          expect.stringContaining('Registration desk'),
          expect.stringMatching(/Keynote stage[\s\S]*Room: Hall A/),
        ]);
      await expect(page.getByTestId('venue-map-pin-2').getAttribute('aria-label')).resolves.toBe(
        'Pin 2: Keynote stage',
      );

      // The list chooses the pin …
      await page.getByTestId('venue-map-item-2').click();
      await expect.poll(() => page.getByTestId('venue-map-pin-2').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('venue-map-item-2').getAttribute('aria-pressed')).toBe('true');
      await expectGood(page, `attendee-selected-${width}`);
      // … and the pin chooses its list item.
      await page.getByTestId('venue-map-pin-1').click();
      await expect.poll(() => page.getByTestId('venue-map-item-1').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('venue-map-pin-2').getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('A2.71 the demo event shows its venue plan with rooms named in the list (1280)', async () => {
    const demo = await demoEventId();
    const { context, page } = await signIn(browser, demoLogin('attendee'), { landing: 'none' });
    contexts.push(context);
    await page.goto(`/event/${demo}/venueMap`);
    await page.getByTestId('venue-map-pin-6').waitFor();
    await expect(page.getByTestId('venue-map-item-2').textContent()).resolves.toContain('Room: Main Hall');
    await expect.poll(() => loadedWidth(page)).toBe(1200);
    await page.getByTestId('venue-map-item-4').click();
    await expect.poll(() => page.getByTestId('venue-map-pin-4').getAttribute('aria-pressed')).toBe('true');
    await expectGood(page, 'demo-1280');
  });

  it('A2.71 an event without a map shows no Venue map tab, and removing the map hides it live', async () => {
    const plain = await createEvent(organizer.token, 'Plain Forum');
    await api(`/event/${plain}?attendEvent=true`, { token: attendee.token });
    const page = await open(attendee, 'desktop', `/event/${plain}/attendees`);
    await page.getByTestId('event-tab-attendees').waitFor();
    expect(await page.getByTestId('event-tab-venueMap').count()).toBe(0);
    const details = await api<EventDetails>(`/event/${plain}`, { token: attendee.token });
    expect(details.venueMap).toBeNull();
    await expectGood(page, 'no-map-1280');

    const phone = await open(attendee, 'mobile', `/event/${plain}/attendees`);
    await phone.getByTestId('event-tab-attendees').waitFor();
    expect(await phone.getByTestId('event-tab-venueMap').count()).toBe(0);
    await expectGood(phone, 'no-map-375');

    // A mapped event's tab goes away on open screens when the organizer removes the map (A7.41).
    // The event is this test's own, so that the test runs alone too (`-t`). One screen's realtime
    // connection is held until after the removal, so the change reaches it only as its room comes on;
    // the other's room is on before, so the change is pushed.
    const quay = await createEvent(organizer.token, 'Quay Expo');
    const base = `/organizer/event/${quay}/venue-map`;
    const dataUrl = `data:image/png;base64,${pngImage(480, 320).toString('base64')}`;
    await api(`${base}/image`, { token: organizer.token, body: { dataUrl } });
    await api(base, {
      method: 'PUT',
      token: organizer.token,
      body: { pins: [{ x: 20, y: 30, label: 'Door' }] },
    });
    await api(`/event/${quay}?attendEvent=true`, { token: attendee.token });
    const held = await open(attendee, 'desktop', null);
    const door = await holdRealtime(held);
    const pushed = await open(attendee, 'desktop', null);
    const roomOn = watchSubscribed(pushed, realtimeRoom.event(quay));
    await held.goto(`/event/${quay}/venueMap`);
    await pushed.goto(`/event/${quay}/venueMap`);
    for (const screen of [held, pushed]) await screen.getByTestId('venue-map-pin-1').waitFor();
    await expect.poll(() => door.held()).toBeGreaterThan(0);
    await expect.poll(roomOn).toBe(true);

    await api(base, { method: 'DELETE', token: organizer.token });
    await pushed.getByTestId('event-tab-venueMap').waitFor({ state: 'detached' });
    await pushed.getByTestId('venue-map-picture').waitFor({ state: 'detached' });
    door.open();
    await held.getByTestId('event-tab-venueMap').waitFor({ state: 'detached' });
    await held.getByTestId('venue-map-picture').waitFor({ state: 'detached' });
  });
});
