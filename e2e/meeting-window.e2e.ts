import type { Invitation, Meeting, SlotOffer } from '@foyer/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { api, demoEventId } from './lib/flows';
import { registerAttendee, waitForStatus } from './lib/meetings';
import { signIn } from './lib/sign-in';

const checkScreen = screenChecks('meetings', { screenshot: 'viewport' });

/** E4.53, E4.54: what a booked meeting's card offers before its start window. */
describe('a meeting before its start window', () => {
  let browser: Browser;
  let eventId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it('E4.54 E4.53 shows check-in and ping (waiting for the window, with the time it opens), cancel and reschedule', async () => {
    const lea = await registerAttendee(eventId, 'Lea', 'Windowed');
    const max = await registerAttendee(eventId, 'Max', 'Early');
    // Arrangement: Lea asks, Max accepts the first slot free for both (the demo event is ahead).
    const invitation = await api<Invitation>('/event/schedule/join', {
      token: lea.token,
      body: { eventId, toType: 'participant', toId: max.participantId },
    });
    const offer = await api<SlotOffer>(
      `/event/meeting/slots?eventId=${eventId}&participantId=${lea.participantId}`,
      {
        token: max.token,
      },
    );
    const slot = offer.days[0]?.slots[0];
    expect(slot, 'a free slot').toBeDefined();
    await api('/event/schedule/confirm', {
      token: max.token,
      body: { eventId, invitationId: invitation.id, sessionId: slot?.sessionId },
    });
    const [meeting] = await api<Meeting[]>(`/event/meetings?eventId=${eventId}`, { token: lea.token });
    expect(meeting?.upcomingState).toBe('notstarted');

    const { context, page } = await signIn(browser, lea, {
      viewport: 'mobile',
      newAccount: 'if-asked',
      landing: 'none',
    });
    contexts.push(context);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      if (width === 375) {
        await page.goto(`/event/${eventId}/invitation/${max.participantId}`); // a page on a phone (A2.27)
      } else {
        // On a wide screen the same card opens from the attendee's Meet button (attendeeMeet).
        await page.goto(`/event/${eventId}/attendees`);
        await page.getByTestId('attendees-search').fill(max.fullName);
        const card = page
          .getByTestId('attendees-list')
          .locator(`[data-participant-id="${max.participantId}"]`);
        await card.getByTestId('meet-button').click();
      }
      await waitForStatus(page, 'meetingDetails');
      const checkIn = page.getByTestId('meet-check-in');
      const ping = page.getByTestId('meet-ping');
      expect(await checkIn.isDisabled()).toBe(true);
      expect(await ping.isDisabled()).toBe(true);
      const hint = page.getByTestId('meet-presence-opens');
      expect(await hint.textContent()).toMatch(
        /^Check in and Ping open at \d\d:\d\d, 5 minutes before the start\.$/,
      );
      // The disabled buttons say why, to a screen reader too.
      expect(await checkIn.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
      expect(await page.getByTestId('meet-cancel-open').isEnabled()).toBe(true);
      expect(await page.getByTestId('meet-reschedule-open').isEnabled()).toBe(true);
      expect(await page.getByTestId('meet-join').count()).toBe(0); // no video link before the window
      await checkScreen(page, `before-window-${width}`);
    }
  }, 120_000);
});
