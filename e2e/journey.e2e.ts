import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../apps/server/test/push-service';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser, newContext, type ViewportName, withCookieChoice } from './lib/browser';
import { api, apiRegisterAttendee, demoEventId, demoURL, uniqueEmail } from './lib/flows';
import { waitForStatus } from './lib/meetings';
import { registerOnDemo, wizardToCategories } from './lib/onboarding';
import { deliverUntilShown, fakePushManager } from './lib/push';

const check = screenChecks('journey');

interface Invitation {
  id: number;
  fpid: number;
}

/**
 * Issue 15's first journey, whole, as a newcomer on the event's own domain: register → the profile
 * wizard → push on → ask someone to meet; she accepts a slot → a push says so and the meeting has a
 * table → at the table, scan her badge → she is in the contacts.
 */
describe('the attendee’s first hour', () => {
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
    it(`register → wizard → book a meeting at a table → a push → meet → contact saved, at ${width} px`, async () => {
      const mia = await apiRegisterAttendee(eventId, {
        tag: `journey-mia-${width}`,
        name: 'Mia',
        surname: `Tablewood${width}`,
        timezone: 'Europe/Istanbul',
      });
      const miasTicket = (
        await api<{ ticketId: string | null }>(`/event/participant/me?eventId=${eventId}`, {
          token: mia.token,
        })
      ).ticketId;
      expect(miasTicket).toBeTruthy();

      context = await withCookieChoice(await newContext(browser, viewport), { newcomer: true });
      const device = service.browser();
      await fakePushManager(context, device.subscription, new URL(demoURL('/')).origin);
      const page = await context.newPage();

      // Register on the demo domain: the mailed code starts the session and opens the wizard.
      const email = uniqueEmail(`journey-${width}`);
      await registerOnDemo(page, { name: 'Jules', surname: `Journey${width}`, email });
      await page.waitForURL(`**/event/${eventId}/event-profile`);
      await wizardToCategories(page, {
        company: 'Quayside Labs',
        jobTitle: 'Founder',
        offer: 'Venue sensors',
        seek: 'Event organizers',
      });
      await page.getByTestId('wizard-finish').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/event-profile'));
      await page.getByTestId('timezone-keep').click();
      await page.getByTestId('presence-later').click();
      await page.getByTestId('presence-modal').waitFor({ state: 'detached' });

      // Push on for this phone or laptop.
      await page.goto(demoURL('/account/notifications'));
      const pushState = page.getByTestId('push-state');
      await expect.poll(() => pushState.textContent()).toBe('Off');
      await page.getByTestId('push-toggle').click();
      await expect.poll(() => pushState.textContent()).toBe('On');

      // Find Mia in the attendees and ask her to meet.
      await page.goto(demoURL(`/event/${eventId}/attendees`));
      await page.getByTestId('attendees-search').fill(mia.surname);
      const card = page.getByTestId('attendees-list').locator(`[data-participant-id="${mia.participantId}"]`);
      await card.getByRole('button', { name: /Meet/ }).click();
      await waitForStatus(page, 'inviteNew');
      await page.getByTestId('meet-send-message').fill('Shall we talk sensors?');
      await page.getByTestId('meet-send-submit').click();
      await waitForStatus(page, 'invitePending');

      // Mia accepts the first slot free for both.
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
      // The card shows "pending" as the request leaves (optimistically): wait for the server to have it.
      const received = async () => {
        const list = await api<{ received: { live: Invitation[] } }>(
          `/event/invitations?eventId=${eventId}`,
          { token: mia.token },
        );
        return list.received.live.find((i) => i.fpid === me.id);
      };
      await expect.poll(received, { timeout: 15_000 }).toBeDefined();
      const invitation = await received();
      expect(invitation).toBeDefined();
      const offer = await api<{ days: { slots: { sessionId: number }[] }[] }>(
        `/event/meeting/slots?eventId=${eventId}&participantId=${me.id}`,
        { token: mia.token },
      );
      const slot = offer.days.flatMap((d) => d.slots)[0];
      expect(slot).toBeDefined();
      const sent = service.received.length;
      await api('/event/schedule/confirm', {
        token: mia.token,
        body: { eventId, invitationId: invitation?.id, sessionId: slot?.sessionId },
      });

      // The push: through the push service to the service worker, which shows it.
      const [push] = (await service.waitFor(sent + 1)).slice(sent);
      const payload = push?.payload as { title: string };
      expect(payload.title).toBe(`${mia.fullName} accepted your meeting request`);
      const shown = await deliverUntilShown(page, payload);
      expect(shown.map((n) => n.title)).toContain(payload.title);

      // The meeting, live on the page, with its table.
      await waitForStatus(page, 'meetingDetails');
      const place = page.getByTestId('meeting-place');
      await expect.poll(() => place.textContent()).toMatch(/^Where: Table \d+ · Meeting Lounge, Hall B$/);
      await check(page, `meeting-${width}`);

      // At the table: scan Mia's badge; she is saved in the contacts.
      await page.goto(demoURL('/contacts'));
      await page.getByTestId('contact-scan-open').first().click();
      const scan = page.getByTestId('contact-scan');
      await scan.locator('label', { hasText: 'Type or paste' }).click();
      await scan.getByTestId('contact-scan-code').fill(`${baseURL()}/badge/tickets/${miasTicket}`);
      await scan.getByTestId('contact-scan-code').press('Enter');
      const found = scan.getByTestId('contact-scan-found');
      await found.waitFor();
      expect(await found.textContent()).toContain(mia.fullName);
      await page.keyboard.press('Escape');
      await scan.waitFor({ state: 'detached' });
      const row = page.getByTestId('contact-row').filter({ hasText: mia.fullName });
      await row.waitFor();
      await check(page, `contacts-${width}`);
    }, 120_000);
  }
});
