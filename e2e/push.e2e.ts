import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PushService, startPushService } from '../apps/server/test/push-service';
import { screenChecks } from './lib/a11y';
import { launchBrowser, newContext, type ViewportName, withCookieChoice } from './lib/browser';
import { api, apiRegisterAttendee, demoEventId } from './lib/flows';
import { deliverUntilShown, fakePushManager } from './lib/push';
import { signInOnPage } from './lib/sign-in';

const check = screenChecks('push');

/**
 * Issue 15, Web Push: an attendee turns push on for this browser in Account › Notifications; an
 * invitation sent to her is pushed by the server (VAPID-signed, encrypted for this browser) to the
 * push service, and the service worker shows it; topics mute per account; Turn off unsubscribes.
 */
describe('push notifications', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let service: PushService;
  let eventId: number;
  beforeAll(async () => {
    browser = await launchBrowser({ notifications: true });
    service = await startPushService();
    eventId = await demoEventId();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`turns push on, gets an invitation as a notification, mutes a topic, turns it off, at ${width} px`, async () => {
      const zone = { timezone: 'Europe/Istanbul' };
      const pia = await apiRegisterAttendee(eventId, {
        tag: `push-${width}`,
        name: 'Pia',
        surname: 'Push',
        ...zone,
      });
      const sam = await apiRegisterAttendee(eventId, {
        tag: `sender-${width}`,
        name: 'Sam',
        surname: 'Sender',
        ...zone,
      });
      const device = service.browser();
      context = await withCookieChoice(await newContext(browser, viewport));
      await fakePushManager(context, device.subscription);
      const page = await context.newPage();
      await signInOnPage(page, { email: pia.email, password: pia.password }, { landing: 'anywhere' });

      await page.goto('/account/notifications');
      const state = page.getByTestId('push-state');
      await expect.poll(() => state.textContent()).toBe('Off');
      await page.getByTestId('push-toggle').click();
      await expect.poll(() => state.textContent()).toBe('On');
      await page.getByText('Push notifications are on for this device.').waitFor();
      await check(page, `settings-${width}`);

      // Sam asks to meet: the server pushes it to Pia's browser through the push service.
      const before = service.received.length;
      await api('/event/schedule/join', {
        token: sam.token,
        body: { eventId, toType: 'participant', toId: pia.participantId, message: 'Coffee at the lounge?' },
      });
      const [push] = (await service.waitFor(before + 1)).slice(before);
      const payload = push?.payload as { title: string; body: string; url: string; tag: string };
      expect(payload.title).toBe('Sam Sender would like to meet you');
      expect(payload.body).toContain('Coffee at the lounge?');
      expect(push?.path).toBe(new URL(device.subscription.endpoint).pathname);

      // The service worker shows it.
      const shown = await deliverUntilShown(page, payload);
      expect(shown).toContainEqual(
        expect.objectContaining({ title: 'Sam Sender would like to meet you', url: '/invitations/received' }),
      );

      // Chat muted: on every device, kept by the server.
      await page.getByTestId('push-topic-chat').uncheck();
      await vi.waitFor(async () => {
        const settings = await api<{ muted: string[] }>('/user/push', { token: pia.token });
        expect(settings.muted).toEqual(['chat']);
      });

      // Off: the browser drops the subscription and the server forgets it.
      await page.getByTestId('push-toggle').click();
      await expect.poll(() => state.textContent()).toBe('Off');
      expect(await page.evaluate(() => localStorage.getItem('e2ePushSubscription'))).toBeNull();
      const sent = service.received.length;
      const tom = await apiRegisterAttendee(eventId, {
        tag: `third-${width}`,
        name: 'Tom',
        surname: 'Third',
        ...zone,
      });
      await api('/event/schedule/join', {
        token: tom.token,
        body: { eventId, toType: 'participant', toId: pia.participantId },
      });
      // Pia is told in the app, and nothing goes to the browser she turned push off on.
      await vi.waitFor(async () => {
        const list = await api<{ items: { det: { actor: { fullName: string } | null } }[] }>(
          '/notifications',
          {
            token: pia.token,
          },
        );
        expect(list.items.map((n) => n.det.actor?.fullName)).toContain('Tom Third');
      });
      expect(service.received.length).toBe(sent);
    });
  }
});
