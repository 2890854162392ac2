import type { BoothMember, Meeting, SlotOffer } from '@foyer/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './lib/flows';
import { type Attendee, cardStatus, demoAttendeeIds, registerAttendee, waitForStatus } from './lib/meetings';
import { holdRealtime, organizerRequestTo } from './lib/realtime-door';
import { signIn } from './lib/sign-in';

/** What the person sees (the viewport): the pages underneath are long lists of other features. */
const checkScreen = screenChecks('meetings', { screenshot: 'viewport' });

/** One-to-one meetings: the attendeeMeet card, invitation lists and pages (issue 5, E4, E5, E8). */
describe('meetings in the browser', () => {
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

  async function open(who: Attendee, viewport: 'mobile' | 'desktop') {
    const session = await signIn(browser, who, { viewport, newAccount: 'if-asked', landing: 'none' });
    contexts.push(session.context);
    return session.page;
  }

  it('E1.04 E1.05 E2.35 E2.36 E2.45 E4.17 E4.20 E4.25 E4.19 E2.46 E5.16 E5.19 E5.21 E5.22 A2.27 E2.15 E2.17 A2.29 E2.18 A2.76 E3.10 E7.70 two people: A finds B by search, the request arrives live, accept a slot, both agendas show it, reschedule, cancel', async () => {
    const ana = await registerAttendee(eventId, 'Ana', 'Meetwell');
    const ben = await registerAttendee(eventId, 'Ben', 'Slotford');
    const a = await open(ana, 'mobile');
    const b = await open(ben, 'desktop');
    await b.goto(`/event/${eventId}/`);
    const nav = b.getByTestId('nav-invitations');
    await nav.waitFor();

    // Ana, on her phone, finds Ben by searching the attendees (E7.70)...
    await a.goto(`/event/${eventId}/attendees`);
    await a.getByTestId('attendees-search').fill('Slotford');
    const card = a.getByTestId('attendees-list').locator(`[data-participant-id="${ben.participantId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(ben.fullName);
    // ... and opens the invitation page for him (A2.27) to send the request.
    await a.goto(`/event/${eventId}/invitation/${ben.participantId}`);
    await waitForStatus(a, 'inviteNew');
    expect(await a.getByTestId('meet-send-message').inputValue()).toBe('I would like to meet you!'); // E5.19
    await checkScreen(a, 'invite-new-375');
    await a.getByTestId('meet-send-message').fill('Coffee by the main hall?');
    await a.getByTestId('meet-send-submit').click();
    await waitForStatus(a, 'invitePending');
    await a.getByTestId('meet-message').getByText('Coffee by the main hall?').waitFor();

    // Ben sees it without a reload: badge, then the received tab of the drawer (A2.76).
    await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('1');
    await nav.click();
    const drawer = b.getByTestId('invitations-drawer');
    const row = drawer.getByTestId('invitation-row').filter({ hasText: ana.fullName });
    await row.waitFor();
    // E2.36: the card's header says who sent it and where it stands.
    const header = row.getByTestId('invitation-header');
    expect(await header.locator(':scope > *').allTextContents()).toEqual([ana.fullName, 'Waiting']);
    await checkScreen(b, 'drawer-received-1280');
    await row.click();
    await b.getByRole('dialog', { name: `Meet ${ana.fullName}` }).waitFor();
    await waitForStatus(b, 'inviteReceived');
    await b.getByTestId('meet-message').getByText('Coffee by the main hall?').waitFor();

    // Accept = choose a slot free for both (E2.46, E5.16).
    await b.getByTestId('meet-accept-open').click();
    await b.getByTestId('slot-picker').waitFor();
    const times = b.getByTestId('slot-time');
    expect(await times.count()).toBeGreaterThan(0);
    expect(await b.getByTestId('meet-accept-submit').isDisabled()).toBe(true);
    const first = (await times.first().textContent()) ?? '';
    await times.first().click();
    await checkScreen(b, 'accept-slot-1280');
    await b.getByTestId('meet-accept-submit').click();
    await waitForStatus(b, 'meetingDetails');
    await expect.poll(() => b.getByTestId('meeting-time').textContent()).toContain(`${first}–`);
    const when = (await b.getByTestId('meeting-time').textContent()) ?? '';
    // Issue 15: a place to meet: a numbered table at the demo's meeting point.
    const place = (await b.getByTestId('meeting-place').textContent()) ?? '';
    expect(place).toMatch(/^Where: Table \d+ · Meeting Lounge, Hall B$/);

    // Ana's page follows live (E4.19): the meeting with its time and the same table.
    await waitForStatus(a, 'meetingDetails');
    await expect.poll(() => a.getByTestId('meeting-time').textContent()).toBe(when);
    expect(await a.getByTestId('meeting-place').textContent()).toBe(place);
    await checkScreen(a, 'meeting-375');

    // Both have the meeting in their agenda (E3.10): Ana sees it on /my-agenda; Ben's dialog stays
    // open for the next steps, so his agenda is read from the API.
    await a.goto('/my-agenda');
    await a.getByText('Meeting with Ben Slotford').waitFor();
    await a.getByText(place.replace('Where: ', '')).waitFor(); // the agenda says where, too
    // Issue 15: my agenda filters meetings (and Sessions leaves them out).
    await a.getByTestId('agenda-kind').getByText('Sessions', { exact: true }).click();
    await a.getByText('Meeting with Ben Slotford').waitFor({ state: 'detached' });
    await a.getByTestId('agenda-kind').getByText('Meetings', { exact: true }).click();
    await a.getByText('Meeting with Ben Slotford').waitFor();
    const bens = await api<{ items: { type: string; name: string }[] }>(`/event/agenda?eventId=${eventId}`, {
      token: ben.token,
    });
    expect(bens.items.filter((i) => i.type === 'meeting').map((i) => i.name)).toEqual([
      '1:1 meeting with Ana Meetwell',
    ]);

    // Ana asks for another time (E4.25); the default text names it (E5.22).
    await a.goto(`/event/${eventId}/invitation/${ben.participantId}/requestReschedule`);
    await a.getByTestId('slot-picker').waitFor();
    const other = a.getByTestId('slot-time').nth(2);
    const later = (await other.textContent()) ?? '';
    await other.click();
    expect(await a.getByTestId('meet-reschedule-message').getAttribute('placeholder')).toBe(
      `Can we reschedule? A better time for me would be: ${later}!`,
    );
    await checkScreen(a, 'reschedule-375');
    await a.getByTestId('meet-reschedule-submit').click();
    await waitForStatus(a, 'reschedulePending');
    // E2.17: the same state under its own sub-path.
    await a.goto(`/event/${eventId}/invitation/${ben.participantId}/reschedulePending`);
    await waitForStatus(a, 'reschedulePending');

    // Ben is asked live and accepts the new time.
    await waitForStatus(b, 'rescheduleToRespond');
    await checkScreen(b, 'reschedule-received-1280');
    await b.getByTestId('meet-reschedule-accept').click();
    await waitForStatus(b, 'meetingDetails');
    // The status follows the answer at once; the meeting's time comes with the refreshed meeting.
    await expect.poll(() => b.getByTestId('meeting-time').textContent()).toContain(`${later}–`);
    await waitForStatus(a, 'meetingDetails');
    // E2.17: Ana's cancel form under its own sub-path (she leaves it; Ben cancels below).
    await a.goto(`/event/${eventId}/invitation/${ben.participantId}/cancelMeeting`);
    await a.getByTestId('meet-cancel-message').waitFor();
    await a.goto(`/event/${eventId}/invitation/${ben.participantId}`);
    await waitForStatus(a, 'meetingDetails');

    // Ben cancels (E5.21 default text); both cards go back to a new request.
    await b.getByTestId('meet-cancel-open').click();
    expect(await b.getByTestId('meet-cancel-message').getAttribute('placeholder')).toBe(
      'Unfortunately I have to cancel our meeting.',
    );
    await b.getByTestId('meet-cancel-submit').click();
    await waitForStatus(b, 'inviteNew');
    await waitForStatus(a, 'inviteNew');
    const meetings = await api<Meeting[]>(`/event/meetings?eventId=${eventId}`, { token: ana.token });
    expect(meetings.map((m) => m.status)).toEqual(['cancelled']);

    // The lists keep the history: Ben's /invitations page, Ana's mobile /invitations/received.
    await b.keyboard.press('Escape');
    await b.goto('/invitations');
    await b.getByTestId('invitations-page').getByTestId('invitation-row').first().waitFor();
    await checkScreen(b, 'invitations-page-1280');
    await a.goto('/invitations/received');
    await a.getByTestId('invitations-tab-sent').click();
    await a.getByTestId('invitation-row').filter({ hasText: ben.fullName }).first().waitFor();
    await checkScreen(a, 'invitations-page-375');
    // On a phone an invitation opens its page (A2.27), with the invitation in the route state (A2.29).
    await a.getByTestId('invitation-row').filter({ hasText: ben.fullName }).first().click();
    await a.waitForURL(`**/event/${eventId}/invitation/${ben.participantId}`);
    await waitForStatus(a, 'inviteNew');
    expect(await a.getByTestId('invitation-page').getAttribute('data-invitation-id')).toMatch(/^\d+$/);
  });

  it('issue 15: the sender suggests times; the invitee sees them and takes one in a click', async () => {
    const cora = await registerAttendee(eventId, 'Cora', 'Suggests');
    const dan = await registerAttendee(eventId, 'Dan', 'Picks');
    const a = await open(cora, 'mobile');
    await a.goto(`/event/${eventId}/invitation/${dan.participantId}`);
    await waitForStatus(a, 'inviteNew');
    await a.getByTestId('suggest-open').click();
    const times = a.getByTestId('suggest-time');
    await times.first().waitFor();
    await times.nth(1).click();
    await times.nth(0).click();
    await times.nth(2).click();
    // Three at most: the others wait until one is removed.
    expect(await times.nth(3).isDisabled()).toBe(true);
    await a
      .getByRole('button', { name: /^Remove / })
      .last()
      .click();
    await expect.poll(() => a.getByTestId('suggest-chosen').count()).toBe(2);
    const chosen = await a.getByTestId('suggest-chosen').allTextContents();
    await checkScreen(a, 'suggest-375');
    await a.getByTestId('meet-send-submit').click();
    await waitForStatus(a, 'invitePending');
    await a.getByTestId('suggested-times').getByText('You suggested:').waitFor();

    const b = await open(dan, 'desktop');
    await b.goto(`/event/${eventId}/`);
    await b.getByTestId('nav-invitations').click();
    await b
      .getByTestId('invitations-drawer')
      .getByTestId('invitation-row')
      .filter({ hasText: cora.fullName })
      .click();
    await waitForStatus(b, 'inviteReceived');
    const listed = b.getByTestId('suggested-times');
    await listed.getByText(`${cora.fullName} suggested:`).waitFor();
    for (const time of chosen) expect(await listed.textContent()).toContain(time);
    await b.getByTestId('meet-accept-open').click();
    const suggested = b.getByTestId('suggested-slot');
    await expect.poll(() => suggested.count()).toBe(2);
    expect(await b.getByTestId('meet-accept-submit').isDisabled()).toBe(true);
    await suggested.nth(1).click();
    await checkScreen(b, 'suggested-accept-1280');
    await b.getByTestId('meet-accept-submit').click();
    await waitForStatus(b, 'meetingDetails');
    const [, time] = /(\d\d:\d\d–\d\d:\d\d)/.exec(chosen[1] ?? '') ?? [];
    await expect.poll(() => b.getByTestId('meeting-time').textContent()).toContain(time);
  });

  it('E2.35 E2.41 E4.23 E4.24 E4.21 E4.22 E5.15 E8.28 meet button, edit; decline with a note; a declined request cannot be re-sent; the meeting limit', async () => {
    const cara = await registerAttendee(eventId, 'Cara', 'Declino');
    const dan = await registerAttendee(eventId, 'Dan', 'Nope');
    // Cara sends from Dan's profile (the attendees feature renders our meet button there).
    const c = await open(cara, 'desktop');
    await c.goto(`/event/${eventId}/attendees/${dan.participantId}`);
    await c.getByTestId('attendee-detail').getByTestId('meet-button').click();
    await c.getByRole('dialog', { name: `Meet ${dan.fullName}` }).waitFor();
    await waitForStatus(c, 'inviteNew');
    await checkScreen(c, 'attendee-meet-1280');
    await c.getByTestId('meet-send-message').fill('Lunch on day two?');
    await c.getByTestId('meet-send-submit').click();
    await waitForStatus(c, 'invitePending');
    // The sender can edit the open request (E4.23).
    await c.getByTestId('meet-edit-open').click();
    await c.getByTestId('meet-edit-message').fill('Lunch on day two, 12:30?');
    await c.getByTestId('meet-edit-submit').click();
    await c.getByTestId('meet-message').getByText('Lunch on day two, 12:30?').waitFor();
    await checkScreen(c, 'invite-pending-1280');
    // ... or withdraw it (E4.24) and send it again.
    await c.getByTestId('meet-revoke').click();
    await waitForStatus(c, 'inviteNew');
    await c.getByTestId('meet-send-message').fill('Lunch on day two, 12:30?');
    await c.getByTestId('meet-send-submit').click();
    await waitForStatus(c, 'invitePending');
    await c.keyboard.press('Escape');

    const d = await open(dan, 'mobile');
    await d.goto(`/event/${eventId}/invitation/${cara.participantId}/decline`);
    await d.getByTestId('meet-decline').waitFor();
    expect(await d.getByTestId('meet-decline-message').getAttribute('placeholder')).toBe(
      'Unfortunately I cannot meet you.',
    );
    await checkScreen(d, 'decline-375');
    await d.getByTestId('meet-decline-submit').click(); // blank: the default text goes (E5.15)
    await waitForStatus(d, 'inviteNew');

    await c.goto('/invitations');
    await c.getByTestId('invitations-tab-sent').click();
    const withdrawn = c.locator('[data-testid="invitation-row"][data-state="revoked"]');
    expect(await withdrawn.filter({ hasText: 'Withdrawn' }).count()).toBe(1);
    await c
      .locator('[data-testid="invitation-row"][data-state="rejected"]')
      .filter({ hasText: dan.fullName })
      .click();
    await waitForStatus(c, 'rejected');
    await c.getByText('Unfortunately I cannot meet you.').waitFor();
    expect(await c.getByTestId('meet-send-submit').count()).toBe(0); // E4.22
    await checkScreen(c, 'rejected-1280');
    const again = await fetch(new URL('/api/v1/event/schedule/join', c.url()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cara.token}` },
      body: JSON.stringify({ eventId, toType: 'participant', toId: dan.participantId }),
    });
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('MST-00602');

    // Attendees may have 10 meetings or open requests (E8.28): the 11th person's card says so.
    const others = await demoAttendeeIds(eventId, cara.token, 11);
    expect(others).toHaveLength(11);
    for (const toId of others.slice(0, 10)) {
      await api('/event/schedule/join', {
        token: cara.token,
        body: { eventId, toType: 'participant', toId },
      });
    }
    await c.keyboard.press('Escape');
    await c.setViewportSize({ width: 375, height: 812 });
    await c.goto(`/event/${eventId}/invitation/${others[10]}`);
    await waitForStatus(c, 'inviteLimit');
    expect(await c.getByTestId('meet-limit').textContent()).toContain('Meeting limit exceeded (10)');
    await checkScreen(c, 'limit-375');
  });

  it('E1.05 E6.10 E6.11 E6.28 E5.13 E5.23 E8.37 pre-book for two people, add a guest, reserve a table', async () => {
    const eve = await registerAttendee(eventId, 'Eve', 'Prebooked');
    const finn = await registerAttendee(eventId, 'Finn', 'Prebooked');
    const gus = await registerAttendee(eventId, 'Gus', 'Guestly');
    const organizer: Attendee = {
      ...eve,
      email: DEMO_LOGINS.organizer,
      password: DEMO_PASSWORD,
    };
    const o = await open(organizer, 'desktop');
    const pick = async (testId: string, who: Attendee) => {
      await o.getByTestId(testId).fill(who.fullName);
      await o.getByRole('option', { name: new RegExp(who.fullName) }).click();
    };

    await o.goto(`/event/${eventId}/`); // /invitations shows the last visited event's
    await o.getByTestId('event-tabs').waitFor();
    await o.goto('/invitations');
    await o.getByTestId('prebook-open').click();
    await pick('prebook-from', eve);
    await pick('prebook-to', finn);
    await o.getByTestId('slot-picker').waitFor();
    expect(await o.getByTestId('prebook-slot-submit').isDisabled()).toBe(true); // E5.13
    await o.getByTestId('slot-time').first().click();
    await checkScreen(o, 'prebook-1280');
    await o.getByTestId('prebook-slot-submit').click();
    await o.getByText('The meeting was booked for both people.').waitFor();
    const booked = await api<Meeting[]>(`/event/meetings?eventId=${eventId}`, { token: eve.token });
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ preBooked: true, status: 'accepted' });

    // A popup table of 8 seats (E6.11): a slot is required (E5.12).
    await o.getByTestId('reserve-table-open').click();
    await pick('reserve-table-person', gus);
    await o.getByTestId('slot-picker').waitFor();
    await o.getByTestId('slot-time').last().click();
    await checkScreen(o, 'reserve-table-1280');
    await o.getByTestId('reserve-table-slot-submit').click();
    await o.getByText('Your table is reserved.').waitFor();
    const tables = await api<Meeting[]>(`/event/meetings?eventId=${eventId}`, { token: gus.token });
    expect(tables.find((m) => m.kind === 'table')).toBeDefined();

    // Eve adds Gus as a guest to her pre-booked meeting (E6.28); Add waits for a person (E5.23).
    const e = await open(eve, 'desktop');
    await e.goto(`/event/${eventId}/`);
    await e.getByTestId('event-tabs').waitFor();
    await e.goto('/invitations');
    await e.getByTestId('invitations-tab-sent').click();
    await e.getByTestId('invitation-row').filter({ hasText: finn.fullName }).click();
    await waitForStatus(e, 'meetingDetails');
    await e.getByTestId('meet-add-guest-open').click();
    expect(await e.getByTestId('add-guest-submit').isDisabled()).toBe(true);
    await e.getByTestId('add-guest-person').fill(gus.fullName);
    await e.getByRole('option', { name: new RegExp(gus.fullName) }).click();
    await checkScreen(e, 'add-guest-1280');
    await e.getByTestId('add-guest-submit').click();
    await e.getByTestId('meeting-guests').getByText(gus.fullName).waitFor();
  });

  it('E1.04 E4.09 E4.16 E6.24 A2.76 a request to a booth colleague shows in the company tab; a colleague takes it', async () => {
    const hana = await registerAttendee(eventId, 'Hana', 'Boothseeker');
    const owner = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const listed = await api<BoothMember[] | { members: BoothMember[] }>(`/event/member?eventId=${eventId}`, {
      token: owner,
    });
    const members = Array.isArray(listed) ? listed : listed.members;
    const colleague = members.find((m) => m.role !== 'owner' && m.fullName !== 'Emre Demir');
    expect(colleague).toBeDefined();
    await api('/event/schedule/join', {
      token: hana.token,
      body: { eventId, toType: 'participant', toId: colleague?.id, message: 'Demo of your ledger API?' },
    });

    const exhibitor: Attendee = { ...hana, email: DEMO_LOGINS.exhibitor, password: DEMO_PASSWORD };
    const x = await open(exhibitor, 'desktop');
    await x.goto(`/event/${eventId}/`);
    await x.getByTestId('nav-invitations').click();
    await x.getByTestId('invitations-tab-company').click();
    const row = x
      .getByTestId('invitations-drawer')
      .getByTestId('invitation-row')
      .filter({ hasText: 'Demo of your ledger API?' });
    await row.waitFor();
    await checkScreen(x, 'drawer-company-1280');
    await row.click();
    await x.getByTestId('meet-company-request').waitFor();
    await x.getByTestId('meet-company-accept-open').click();
    await x.getByTestId('slot-time').first().click();
    await x.getByTestId('meet-accept-submit').click();
    await waitForStatus(x, 'meetingDetails');
    const meetings = await api<Meeting[]>(`/event/meetings?eventId=${eventId}`, { token: hana.token });
    expect(meetings[0]?.participants.map((p) => p.fullName)).toContain('Emre Demir');
  });

  it('E8.25 E8.26 E5.11 the slot picker says who has no free time left', async () => {
    const ivy = await registerAttendee(eventId, 'Ivy', 'Fullybooked');
    const jon = await registerAttendee(eventId, 'Jon', 'Free');
    const kim = await registerAttendee(eventId, 'Kim', 'Free');
    // Ivy takes both days off (E5.11: off-times block meeting slots too).
    const offer = await api<SlotOffer>(
      `/event/meeting/slots?eventId=${eventId}&participantId=${jon.participantId}`,
      { token: ivy.token },
    );
    const utc = (iso: string) => iso.slice(0, 16).replace('T', ' ');
    for (const day of offer.days) {
      await api('/event/schedule/participantOff', {
        token: ivy.token,
        body: {
          eventId,
          date: day.date,
          timezone: 'Europe/Istanbul',
          startTime: utc(day.slots[0]?.sdt ?? ''),
          endTime: utc(day.slots.at(-1)?.edt ?? ''),
        },
      });
    }
    await api('/event/schedule/join', {
      token: jon.token,
      body: { eventId, toType: 'participant', toId: ivy.participantId },
    });
    await api('/event/schedule/join', {
      token: ivy.token,
      body: { eventId, toType: 'participant', toId: kim.participantId },
    });

    const i = await open(ivy, 'mobile');
    await i.goto(`/event/${eventId}/invitation/${jon.participantId}/accept`);
    await i.getByTestId('slot-message-error2').getByText('You have no free time slot left.').waitFor(); // E8.26
    await checkScreen(i, 'slots-error2-375');

    const k = await open(kim, 'mobile');
    await k.goto(`/event/${eventId}/invitation/${ivy.participantId}/accept`);
    await k
      .getByTestId('slot-message-info')
      .getByText(`${ivy.fullName} has no free time slot left.`)
      .waitFor(); // E8.25
  });

  it('E4.18 a request the network loses shows as pending at once, stays pending while the card reloads, then goes back to the form and says why', async () => {
    const cleo = await registerAttendee(eventId, 'Cleo', 'Lostwire');
    const dan = await registerAttendee(eventId, 'Dan', 'Dropper');
    const a = await open(cleo, 'mobile');
    // The page's realtime connection waits at the door, so that its coming on reloads the card
    // while the request is on its way.
    const door = await holdRealtime(a);
    // The request is held on the way, then the connection drops: the server never gets it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await a.route(
      '**/api/v1/event/schedule/join',
      async (route) => {
        await held;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await a.goto(`/event/${eventId}/invitation/${dan.participantId}`);
    await waitForStatus(a, 'inviteNew');
    // A record for Cleo's room written before her connection: the room coming on reloads the cards.
    await organizerRequestTo(eventId, cleo);

    await a.getByTestId('meet-send-submit').click();
    await waitForStatus(a, 'invitePending'); // before any answer
    const reloaded = a.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/event/meeting/status' &&
        new URL(response.url()).searchParams.get('participantId') === String(dan.participantId),
    );
    door.open();
    const answer = (await (await reloaded).json()) as { data: { status: string } };
    expect(answer.data.status).toBe('inviteNew'); // the server has not got the request
    // The same reload brings the organizer's request to the menu's badge: the answers are applied.
    await expect.poll(() => a.getByTestId('mobile-menu-button').getAttribute('aria-label')).toMatch(/\d/);
    expect(await cardStatus(a)).toBe('invitePending'); // and the card still says it is on its way

    release();
    await waitForStatus(a, 'inviteNew');
    await a.getByText('Please check network connection.').first().waitFor();
    const sent = await api<{ invitations: unknown[] }>(`/event/invitations?eventId=${eventId}`, {
      token: dan.token,
    });
    expect(sent.invitations).toEqual([]);

    // Sent again, it goes through.
    await a.getByTestId('meet-send-submit').click();
    await waitForStatus(a, 'invitePending');
    await expect
      .poll(async () => {
        const lists = await api<{ invitations: unknown[] }>(`/event/invitations?eventId=${eventId}`, {
          token: dan.token,
        });
        return lists.invitations.length;
      })
      .toBe(1);
  });

  it('A9.49 past invitations show 5 at a time, with a load more that says how many are left', async () => {
    const me = await registerAttendee(eventId, 'Pia', 'Pastly');
    const senders = await Promise.all(
      Array.from({ length: 7 }, (_, i) => registerAttendee(eventId, `Sender${i}`, 'Pastly')),
    );
    for (const sender of senders) {
      const invitation = await api<{ id: number }>('/event/schedule/join', {
        token: sender.token,
        body: { eventId, toType: 'participant', toId: me.participantId },
      });
      await api('/event/schedule/reject', {
        token: me.token,
        body: { eventId, invitationId: invitation.id },
      });
    }
    const page = await open(me, 'desktop');
    await page.goto(`/event/${eventId}/attendees`); // the invitations page shows the current event's
    await page.getByTestId('attendees-list').waitFor();
    await page.goto('/invitations/received');
    const past = page.getByTestId('invitations-panel-received').getByTestId('invitations-past');
    await past.waitFor();
    const rows = past.getByTestId('invitation-row');
    await expect.poll(() => rows.count()).toBe(5);
    const more = past.getByTestId('invitations-past-more');
    expect(await more.textContent()).toBe('Load more (2 left)');
    await more.click();
    await expect.poll(() => rows.count()).toBe(7);
    expect(await more.count()).toBe(0);
    await checkScreen(page, 'past-invitations-1280');
  });
});
