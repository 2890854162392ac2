import type { EventDetails, Invitation, Meeting, SlotOffer } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './lib/flows';
import { type Attendee, registerAttendee, waitForStatus } from './lib/meetings';
import { signIn } from './lib/sign-in';

const checkScreen = screenChecks('meeting-guests', { screenshot: 'viewport' });

/** Add guest on a booked meeting follows the person's participant type (E6.28, E6.31). */
describe('meeting guests in the browser', () => {
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

  /** The meeting card with `other`, opened inside the event area (so the event, and my type, are loaded first). */
  async function openMeeting(who: Attendee, other: Attendee, viewport: 'mobile' | 'desktop'): Promise<Page> {
    const { context, page } = await signIn(browser, who, {
      viewport,
      newAccount: 'if-asked',
      landing: 'none',
    });
    contexts.push(context);
    if (viewport === 'mobile') {
      await page.goto(`/event/${eventId}/invitation/${other.participantId}`); // a page on a phone (A2.27)
    } else {
      // On a wide screen the card opens from the attendee's Meet button (attendeeMeet).
      await page.goto(`/event/${eventId}/attendees`);
      await page.getByTestId('attendees-search').fill(other.fullName);
      const card = page
        .getByTestId('attendees-list')
        .locator(`[data-participant-id="${other.participantId}"]`);
      await card.getByTestId('meet-button').click();
    }
    await waitForStatus(page, 'meetingDetails');
    await page.getByTestId('meet-cancel-open').waitFor();
    return page;
  }

  it('E6.31 E6.28 Add guest is hidden for a participant type with disableGuest and shown for the other side of the same meeting', async () => {
    const organizer = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const noa = await registerAttendee(eventId, 'Noa', 'Guestless');
    const olu = await registerAttendee(eventId, 'Olu', 'Hosting');
    // Arrangement: Noa asks, Olu accepts the first slot free for both.
    const invitation = await api<Invitation>('/event/schedule/join', {
      token: noa.token,
      body: { eventId, toType: 'participant', toId: olu.participantId },
    });
    const offer = await api<SlotOffer>(
      `/event/meeting/slots?eventId=${eventId}&participantId=${noa.participantId}`,
      { token: olu.token },
    );
    const slot = offer.days[0]?.slots[0];
    expect(slot, 'a free slot').toBeDefined();
    await api('/event/schedule/confirm', {
      token: olu.token,
      body: { eventId, invitationId: invitation.id, sessionId: slot?.sessionId },
    });
    const [meeting] = await api<Meeting[]>(`/event/meetings?eventId=${eventId}`, { token: noa.token });
    expect(meeting).toMatchObject({ status: 'accepted', guest: false, expired: false });

    // Noa gets a type of her own that disables guests; Olu keeps his, which allows them.
    const type = await api<{ id: number }>(`/organizer/event/${eventId}/types`, {
      token: organizer,
      body: { name: `No guests ${Date.now().toString(36)}`, disableGuest: true },
    });
    const olusView = await api<EventDetails>(`/event/${eventId}`, { token: olu.token });
    const olusType = olusView.participantTypes.find((t) => t.id === olusView.me?.typeId);
    expect(olusType?.disableGuest ?? false).toBe(false);
    try {
      await api(`/organizer/event/${eventId}/participants/${noa.participantId}`, {
        method: 'PUT',
        token: organizer,
        body: { typeId: type.id },
      });
      const noasView = await api<EventDetails>(`/event/${eventId}`, { token: noa.token });
      expect(noasView.me?.typeId).toBe(type.id);
      expect(noasView.participantTypes.find((t) => t.id === type.id)?.disableGuest).toBe(true);

      // Olu's type allows guests: his card of the meeting offers Add guest.
      const o = await openMeeting(olu, noa, 'desktop');
      await o.getByTestId('meet-add-guest-open').waitFor();

      // Noa's card of the same meeting: the other actions are there, Add guest is not (E6.31).
      for (const viewport of ['mobile', 'desktop'] as const) {
        const n = await openMeeting(noa, olu, viewport);
        expect(await n.getByTestId('meet-add-guest-open').count()).toBe(0);
        expect(await n.getByRole('button', { name: 'Add guest' }).count()).toBe(0);
        await checkScreen(n, `no-add-guest-${viewport === 'mobile' ? 375 : 1280}`);
      }
    } finally {
      // Noa moves back to Olu's type, so the demo event keeps only its own types.
      const moveTo = olusView.me?.typeId;
      await api(`/organizer/event/${eventId}/types/${type.id}${moveTo ? `?moveTo=${moveTo}` : ''}`, {
        method: 'DELETE',
        token: organizer,
      });
    }
  });
});
