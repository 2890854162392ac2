import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { agendaOf, registerAgendaAttendee } from './lib/agenda';
import { launchBrowser, settleAnimations, waitForMail } from './lib/browser';
import { api, DEMO_EVENT_NAME, demoEventId, pathOf } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectGoodAgendaScreen = screenChecks('agenda');

/** Agenda and sessions (issue 4): programme, session and speaker details, my agenda, drawer, export. */
describe('agenda and sessions in the browser', () => {
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

  async function pick(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  for (const viewport of ['desktop', 'mobile'] as const) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`issue 15 the programme by time: rooms side by side at 1280 px, times as sections at 375 px (${width} px)`, async () => {
      const me = await registerAgendaAttendee(eventId, `Tim${width}`);
      ({ context } = await signIn(browser, me, { viewport, newAccount: true, landing: 'none' }));
      const page = await context.newPage();
      await page.goto(`/event/${eventId}/sessions`);
      await page.getByTestId('sessions-tab').waitFor();
      const cards = page.locator('[data-testid^="session-card-"]');
      expect(await cards.count()).toBe(12);
      await page.getByTestId('sessions-view').getByText('By time').click();
      const grid = page.getByTestId('sessions-by-time');
      await grid.waitFor();
      expect(await cards.count()).toBe(12); // the same sessions, laid out by time
      const times = await grid.getByTestId('sessions-time').allTextContents();
      expect(times.length).toBeGreaterThan(1);
      expect(new Set(times).size).toBe(times.length);
      if (viewport === 'desktop') {
        expect(await grid.getByTestId('sessions-room').allTextContents()).toEqual([
          'Main Hall',
          'Online Stage',
          'Workshop Room',
        ]);
      } else {
        expect(await grid.getByTestId('sessions-room').count()).toBe(0);
      }
      await expectGoodAgendaScreen(page, `sessions-by-time-${width}`);
    });
  }

  it('E2.13 E3.07 E4.44 E4.49 E8.35 E3.24 E9.39 A2.24 E2.07 E2.43 E2.44 desktop: browse sessions, add one, open its details and a speaker', async () => {
    const me = await registerAgendaAttendee(eventId, 'Dana');
    ({ context } = await signIn(browser, me, { viewport: 'desktop', newAccount: true, landing: 'none' }));
    const page = await context.newPage();
    await page.goto(`/event/${eventId}/sessions`);
    const tab = page.getByTestId('sessions-tab');
    await tab.waitFor();
    // Two event days, the first selected; sessions grouped by track with their time and room.
    const days = page.getByTestId('sessions-days').getByRole('button');
    expect(await days.count()).toBe(2);
    expect(await days.first().getAttribute('aria-pressed')).toBe('true');
    const cards = page.locator('[data-testid^="session-card-"]');
    expect(await cards.count()).toBe(12);
    expect(await page.getByRole('heading', { level: 3, name: 'Keynotes' }).count()).toBe(1);
    await expectGoodAgendaScreen(page, 'sessions-1280');

    // Search looks through the whole programme (both days), speakers included.
    await page.getByTestId('sessions-search').fill('fraud');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await page.getByTestId('session-title').textContent()).toContain('fraud');
    await page.getByTestId('sessions-search').fill('');
    // Live now: the event starts in three days, nothing runs yet.
    await page.getByTestId('sessions-live-now').click({ force: true });
    await page.getByTestId('sessions-no-match').waitFor();
    await page.getByTestId('sessions-live-now').click({ force: true });

    // E4.44 before the start: Add to agenda; afterwards Remove from agenda and Add to calendar.
    const card = cards.first();
    const cardId = Number((await card.getAttribute('data-testid'))!.replace('session-card-', ''));
    const name = (await card.getByTestId('session-title').textContent())!;
    await card.getByTestId('session-button-addToAgenda').click();
    await page.getByText('Session added to agenda').waitFor(); // E8.35
    await card.getByTestId('session-button-removeFromAgenda').waitFor();
    await card.getByTestId('session-button-addToCalendar').waitFor();
    expect((await agendaOf(me.token, eventId)).map((i) => i.id)).toContain(cardId);
    // E4.49: a session at the same time now says You are busy instead of Add to agenda.
    const clash = cards.nth(1);
    await expect.poll(() => clash.getByTestId('session-notice').textContent()).toBe('You are busy');
    expect(await clash.getByTestId('session-button-addToAgenda').count()).toBe(0);
    // Issue 15: it says with what, and Swap trades one for the other in one step (and back again).
    expect(await clash.getByTestId('session-clash').textContent()).toContain(`With ${name} at `);
    const clashName = (await clash.getByTestId('session-title').textContent())!;
    await clash.getByTestId('session-button-swap').click();
    await page.getByText(`is in your agenda instead of ${name}.`).first().waitFor();
    await clash.getByTestId('session-button-removeFromAgenda').waitFor();
    await expect
      .poll(() => card.getByTestId('session-clash').textContent())
      .toContain(`With ${clashName} at `);
    await card.getByTestId('session-button-swap').click();
    await card.getByTestId('session-button-removeFromAgenda').waitFor();
    await clash.getByTestId('session-button-swap').waitFor();
    expect((await agendaOf(me.token, eventId)).map((i) => i.id)).toContain(cardId);

    // The session details open as a modal over the list (A2.24) with its people.
    await card.getByTestId('session-title').click();
    await page.waitForURL(`**/event/${eventId}/sessions/${cardId}`);
    const detail = page.getByTestId('session-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('session-detail-name').textContent()).toBe(name);
    await detail.getByTestId('session-button-removeFromAgenda').waitFor();
    await expectGoodAgendaScreen(page, 'session-modal-1280');
    await detail.getByTestId('session-person').first().click();
    const speaker = page.getByTestId('speaker-detail');
    await speaker.waitFor();
    expect(await speaker.getByTestId('speaker-sessions').locator('a').count()).toBeGreaterThan(0);
    expect(await speaker.getByTestId('speaker-sessions').locator('a').count()).toBeLessThanOrEqual(4); // E9.39
    await expectGoodAgendaScreen(page, 'speaker-modal-1280');
    // E2.05: the speaker's attendee profile is one step away, with Meet and Chat.
    const speakerName = (await speaker.locator('p, h1').first().textContent()) ?? '';
    await speaker.getByTestId('speaker-profile').click();
    await page.waitForURL(new RegExp(`/event/${eventId}/attendees/\\d+$`));
    const profile = page.getByTestId('attendee-detail');
    await profile.waitFor();
    expect(await profile.textContent()).toContain(speakerName.trim());
    await page.keyboard.press('Escape');
    await page.getByTestId('attendee-detail').waitFor({ state: 'detached' });

    // The speakers tab lists them.
    await page.goto(`/event/${eventId}/speakers`);
    await page.getByTestId('speakers-tab').waitFor();
    expect(await page.locator('[data-testid^="speaker-card-"]').count()).toBeGreaterThan(0);
    await expectGoodAgendaScreen(page, 'speakers-1280');
  });

  it('E2.29 E2.30 E2.31 E5.08 E5.09 E5.10 E5.25 E1.06 E1.07 desktop: my agenda, a break, the drawer and the export by e-mail', async () => {
    const me = await registerAgendaAttendee(eventId, 'Erin');
    const sessions = await api<{ sessions: { id: number; name: string }[] }>(
      `/event/${eventId}/sessions?limit=5`,
      { token: me.token },
    );
    const session = sessions.sessions[0]!;
    ({ context } = await signIn(browser, me, { viewport: 'desktop', newAccount: true, landing: 'none' }));
    const page = await context.newPage();
    await page.goto(`/event/${eventId}/sessions`);
    await page.getByTestId(`session-card-${session.id}`).getByTestId('session-button-addToAgenda').click();
    await page.getByText('Session added to agenda').waitFor();

    await page.goto('/my-agenda');
    await page.getByRole('heading', { level: 1, name: 'My agenda' }).waitFor();
    await page.getByTestId(`agenda-item-session-${session.id}`).waitFor();

    // The break form: start before end (E5.09), 15-minute steps (E5.10).
    await page.getByTestId('agenda-add-break').click();
    const form = page.getByTestId('off-time-form');
    await form.waitFor();
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date').fill(day);
    await pick(page, 'off-time-start', '13:00');
    await pick(page, 'off-time-end', '12:00');
    await page.getByTestId('off-time-save').click();
    await form.getByText('The start must be earlier than the end').waitFor();
    await expectGoodAgendaScreen(page, 'break-modal-1280');
    await pick(page, 'off-time-start', '12:00');
    await pick(page, 'off-time-end', '12:30');
    await page.getByTestId('off-time-save').click();
    await form.waitFor({ state: 'detached' });
    const breakItem = page.locator('[data-testid^="agenda-item-offTime-"]');
    await breakItem.waitFor();
    expect(await breakItem.textContent()).toContain('12:00 – 12:30');
    const items = await agendaOf(me.token, eventId);
    expect(items.filter((i) => i.isOffTime)).toHaveLength(1);
    await expectGoodAgendaScreen(page, 'my-agenda-1280');

    // Search narrows the list.
    await page.getByTestId('agenda-search').fill('break');
    await expect.poll(() => page.getByTestId(`agenda-item-session-${session.id}`).count()).toBe(0);
    await page.getByTestId('agenda-search').fill('');

    // The drawer shows the same agenda, compact.
    await page.getByTestId('nav-agenda').click();
    const drawer = page.getByTestId('agenda-drawer');
    await drawer.getByTestId(`agenda-item-session-${session.id}`).waitFor();
    await drawer.locator('[data-testid^="agenda-item-offTime-"]').waitFor();
    await expectGoodAgendaScreen(page, 'agenda-drawer-1280');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Export by e-mail needs an event (E5.25); the mail lists the session and the break (E1.07).
    await page.getByTestId('agenda-export').click();
    const modal = page.getByTestId('export-modal');
    await modal.waitFor();
    await page.getByTestId('export-send').click();
    await modal.getByText('Please choose the event whose agenda you want to export').waitFor();
    await pick(page, 'export-event', DEMO_EVENT_NAME);
    await page.getByTestId('export-show-link').click();
    expect(await page.getByTestId('export-link').inputValue()).toMatch(
      /\/api\/v1\/calendar\/[\w-]{43}\.ics$/,
    );
    await expectGoodAgendaScreen(page, 'export-modal-1280');
    await page.getByTestId('export-send').click();
    await page.getByText(`Your agenda was sent to ${me.email}`).waitFor();
    const mail = await waitForMail(me.email, /Your agenda/);
    expect(mail).toContain(session.name);
    expect(mail).toContain('Break');
  });

  it('E2.23 A2.10 E2.22 E2.32 mobile 375: sessions, empty agenda, then the mobile session details page', async () => {
    const me = await registerAgendaAttendee(eventId, 'Milo');
    ({ context } = await signIn(browser, me, { viewport: 'mobile', newAccount: true, landing: 'none' }));
    const page = await context.newPage();
    await page.goto('/my-agenda');
    await page.getByTestId('agenda-empty').waitFor(); // E2.32
    await expectGoodAgendaScreen(page, 'my-agenda-empty-375');

    await page.goto(`/event/${eventId}/sessions`);
    await page.getByTestId('sessions-tab').waitFor();
    await expectGoodAgendaScreen(page, 'sessions-375');
    const card = page.locator('[data-testid^="session-card-"]').nth(1);
    const cardId = Number((await card.getAttribute('data-testid'))!.replace('session-card-', ''));
    await card.getByTestId('session-button-addToAgenda').click();
    await card.getByTestId('session-button-removeFromAgenda').waitFor();

    await page.goto('/my-agenda');
    const item = page.getByTestId(`agenda-item-session-${cardId}`);
    await item.waitFor();
    await expectGoodAgendaScreen(page, 'my-agenda-375');
    await item.getByRole('link').click();
    await page.waitForURL(`**/my-agenda/session/${eventId}/${cardId}`);
    expect(pathOf(page)).toBe(`/my-agenda/session/${eventId}/${cardId}`);
    await page.getByTestId('session-detail').waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectGoodAgendaScreen(page, 'agenda-session-375');
    // Leaving takes it out of the agenda (E4.44).
    await page.getByTestId('session-button-removeFromAgenda').click();
    await page.getByTestId('session-button-addToAgenda').waitFor();
    await settleAnimations(page);
    expect((await agendaOf(me.token, eventId)).map((i) => i.id)).not.toContain(cardId);
  });

  it('E7.78 E3.09 desktop: seats left update live when someone else joins', async () => {
    const me = await registerAgendaAttendee(eventId, 'Lina');
    const other = await registerAgendaAttendee(eventId, 'Omar');
    const page0 = await api<{ sessions: { id: number; capacity: number | null; usedCapacity: number }[] }>(
      `/event/${eventId}/sessions?limit=12`,
      { token: me.token },
    );
    const session = page0.sessions.find((s) => s.capacity !== null)!;
    ({ context } = await signIn(browser, me, { viewport: 'desktop', newAccount: true, landing: 'none' }));
    const page = await context.newPage();
    await page.goto(`/event/${eventId}/sessions`);
    const seats = page.getByTestId(`session-card-${session.id}`).getByTestId('session-seats');
    await seats.waitFor();
    const before = Number((await seats.textContent())!.match(/\d+/)![0]);
    await api('/event/schedule/join', {
      token: other.token,
      body: { eventId, toType: 'session', sessionId: session.id },
    });
    await expect
      .poll(async () => Number((await seats.textContent())!.match(/\d+/)![0]), { timeout: 5000 })
      .toBe(before - 1);
  });
  it("E6.10 an organizer shows an attendee's agenda and adds a session to it (showAgenda, addSessionToAgenda)", async () => {
    const guest = await registerAgendaAttendee(eventId, 'Gala');
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('organizer'), { landing: 'none' }));
    await page.goto(`/event/${eventId}/attendees/${guest.participantId}`);
    await page.getByTestId('attendee-detail').waitFor();

    await page.getByTestId('show-agenda-open').click();
    const shown = page.getByTestId('show-agenda-modal');
    await shown.getByText('Nothing in this agenda yet.').waitFor();
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'detached' });

    await page.getByTestId('add-session-open').click();
    const form = page.getByTestId('add-session-modal');
    const addButton = page.getByRole('button', { name: 'Add to agenda', exact: true });
    await addButton.click();
    await form.getByText('Please choose a session').waitFor(); // nothing chosen yet
    await form.getByLabel(/^Session/).click();
    await page.getByRole('option').first().click();
    const slot = form.getByLabel(/^Time slot/);
    if ((await slot.count()) > 0) {
      await slot.click();
      await page.locator('[role="option"]:not([data-combobox-disabled])').first().click();
    }
    await expectGoodAgendaScreen(page, 'on-behalf-1280');
    await addButton.click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await agendaOf(guest.token, eventId)).filter((i) => i.type === 'session').length)
      .toBe(1);
  });
});
