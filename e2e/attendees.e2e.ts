import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { registerAttendee, searchCards } from './lib/attendees';
import { launchBrowser, screenshot, settleAnimations } from './lib/browser';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId, PAST_EVENT_NAME, pathOf } from './lib/flows';
import { holdRealtime, watchPushes } from './lib/realtime-door';
import { demoLogin, signIn } from './lib/sign-in';

const expectGoodScreen = screenChecks('attendees');

/** Attendee directory, attendee profile and the event-profile wizard (issue 5). */
describe('attendees in the browser', () => {
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

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`E1.01 E2.01 E2.37 E2.40 E2.41 E9.02 E7.32 the directory lists 60 people a page with "People to meet" (${viewport})`, async () => {
      const session = await signIn(browser, demoLogin('attendee'), { viewport, landing: 'none' });
      context = session.context;
      const { page } = session;
      await page.goto(`/event/${eventId}/attendees`);
      const list = page.getByTestId('attendees-list');
      await list.waitFor();
      expect(await list.getByTestId('attendee-card').count()).toBe(60);
      // People to meet, each with the reason it is suggested.
      const recommended = page.getByTestId('recommended-card');
      await recommended.first().waitFor();
      expect(await recommended.first().getByTestId('recommend-reasons').textContent()).toMatch(
        /looking for “.+”, and .+ offer|both mention|both interested in/,
      );
      // Cards have meet and chat (placeholders until the meetings and chat screens land).
      const first = list.getByTestId('attendee-card').first();
      expect(await first.getByRole('button').count()).toBeGreaterThanOrEqual(1);
      // E2.40: a booth member's card links its booth logo to the booth page.
      expect(await list.getByTestId('attendee-booth').first().getAttribute('href')).toMatch(
        new RegExp(`^/event/${eventId}/expo/\\d+$`),
      );
      await expectGoodScreen(page, `directory-${viewport === 'desktop' ? 1280 : 375}`);

      // Load more: the next 60 by the after cursor.
      await page.getByTestId('attendees-load-more').click();
      await expect.poll(() => list.getByTestId('attendee-card').count()).toBe(120);
    });
  }

  it('E2.01 a cold start on the tab asks for its first answers before the tab has rendered, and once each', async () => {
    const session = await signIn(browser, demoLogin('attendee'), { viewport: 'mobile', landing: 'none' });
    context = session.context;
    const { page } = session;
    // The tab's three answers, as the page asks for them.
    const wanted = ['/participant/search2', '/participant/recommendations', '/participant/viewed'];
    const asked = new Map<string, number>();
    let allAsked = () => {};
    const everyOneAsked = new Promise<void>((resolve) => (allAsked = resolve));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      const one = wanted.find((end) => path.endsWith(end));
      if (one) asked.set(one, (asked.get(one) ?? 0) + 1);
      if (asked.size === wanted.length) allAsked();
    });
    // The tab's own file is held until they have been asked for (15 s at most): a start-up that
    // left them to the tab, which cannot render without its file, would still be waiting.
    let askedFirst: boolean | undefined;
    await page.route('**/assets/attendees-*.js', async (route) => {
      if (askedFirst === undefined) {
        let bound: ReturnType<typeof setTimeout> | undefined;
        const outcome = await Promise.race([
          everyOneAsked.then(() => true),
          new Promise<false>((resolve) => (bound = setTimeout(() => resolve(false), 15_000))),
        ]);
        clearTimeout(bound);
        askedFirst = outcome;
      }
      await route.continue();
    });
    await page.goto(`/event/${eventId}/attendees`);
    await expect.poll(() => askedFirst, { timeout: 20_000 }).toBeDefined();
    expect([...asked.keys()].sort()).toEqual([...wanted].sort());
    expect(askedFirst).toBe(true);
    // And the tab shows them: the directory's first page and "People to meet".
    const list = page.getByTestId('attendees-list');
    await list.waitFor();
    expect(await list.getByTestId('attendee-card').count()).toBe(60);
    await page.getByTestId('recommended-card').first().waitFor();
    // From the answers asked for at start-up, not from a second request of the tab's own: a tab
    // whose query differs from the start-up's (another key, another page size) asks again on mount,
    // before its cards can show.
    expect(Object.fromEntries(asked)).toEqual(Object.fromEntries(wanted.map((end) => [end, 1])));
  });

  it('issue 15 a finished event offers no Meet: there is no time left to meet', async () => {
    const token = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    const lists = await api<{ past: { id: number; name: string }[] }>('/event', { token });
    const past = lists.past.find((e) => e.name === PAST_EVENT_NAME);
    expect(past).toBeDefined();
    const session = await signIn(browser, demoLogin('attendee'), { viewport: 'desktop', landing: 'none' });
    context = session.context;
    const { page } = session;
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByTestId('attendees-list').getByTestId('meet-button').first().waitFor();
    await page.goto(`/event/${past!.id}/attendees`);
    const list = page.getByTestId('attendees-list');
    await list.getByTestId('attendee-card').first().waitFor();
    expect(await list.getByTestId('meet-button').count()).toBe(0);
    await expectGoodScreen(page, 'past-event-directory-1280');
  });

  it('E2.01 E7.70 the participant type narrows the list and the order sorts it; on a phone both unfold from Filters', async () => {
    const token = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    const event = await api<{ participantTypes: { id: number; name: string }[] }>(`/event/${eventId}`, {
      token,
    });
    const exhibitor = event.participantTypes.find((type) => type.name === 'Exhibitor');
    if (!exhibitor) throw new Error('the demo event has an Exhibitor type');
    const exhibitors = await searchCards(token, {
      eventId,
      length: 60,
      filters: { typeIds: [exhibitor.id] },
    });
    const byName = await searchCards(token, { eventId, length: 60, orderBy: 'name', asc: true });
    expect(exhibitors.length).toBeGreaterThan(0);

    const session = await signIn(browser, demoLogin('attendee'), { viewport: 'desktop', landing: 'none' });
    context = session.context;
    const { page } = session;
    await page.goto(`/event/${eventId}/attendees`);
    const list = page.getByTestId('attendees-list');
    await list.waitFor();
    const shownIds = () =>
      list
        .getByTestId('attendee-card')
        .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-participant-id'))));

    // On a wide screen the fields show beside the search.
    await page.getByTestId('attendees-filter-type').click();
    await page.getByRole('option', { name: 'Exhibitor' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe(String(exhibitor.id));
    await expect.poll(shownIds).toEqual(exhibitors.map((p) => p.id));

    // On a phone they are folded under Filters, which counts what narrows the list.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/event/${eventId}/attendees`);
    await list.waitFor();
    expect(await page.getByTestId('attendees-sort').count()).toBe(0);
    await page.getByTestId('attendees-filters-toggle').click();
    await page.getByTestId('attendees-sort').click();
    await page.getByRole('option', { name: 'Name' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name');
    await expect.poll(shownIds).toEqual(byName.map((p) => p.id));
    await page.goto(`/event/${eventId}/attendees?type=${exhibitor.id}`);
    await list.waitFor();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
  });

  it('E7.70 E2.03 E2.05 E2.39 E1.17 E2.42 E6.21 A3.24 search by name, open the profile over the list, favourite and ignore', async () => {
    const me = await registerAttendee(eventId, 'Fiona', 'Finder');
    await api('/event/participant', { method: 'PUT', token: me.token, body: { eventId, present: 'venue' } });
    const people = await searchCards(me.token, { eventId, length: 30 });
    const target = people.find(
      (p) => p.id !== me.participantId && p.canInvite && p.fullName.split(' ').length === 2,
    );
    const other = people.find((p) => p.id !== me.participantId && p.id !== target?.id);
    if (!target || !other) throw new Error('the demo event has people');

    const page = await newcomerAt(me, `/event/${eventId}/attendees`);
    const list = page.getByTestId('attendees-list');
    await list.waitFor();

    // Debounced search by name (A9.17).
    await page.getByTestId('attendees-search').fill(target.fullName);
    await expect.poll(() => page.url()).toContain('q=');
    const card = list.locator(`[data-participant-id="${target.id}"]`);
    await card.waitFor();
    // Searching hides suggestions (once the debounced search has applied).
    await expect.poll(() => page.getByTestId('people-to-meet').count()).toBe(0);

    // A click on the card opens the profile as a modal over the list (background state).
    await card.getByTestId('attendee-link').click();
    const dialog = page.getByRole('dialog', { name: 'Attendee' });
    await dialog.waitFor();
    await dialog.getByTestId('attendee-detail').waitFor();
    expect(await dialog.getByRole('heading', { name: target.fullName }).count()).toBe(1);
    expect(pathOf(page)).toBe(`/event/${eventId}/attendees/${target.id}`);
    // A3.24: the browser keeps the people it opened, per event, under viewedAttendees.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('viewedAttendees')))
      .toContain(`"${eventId}":[`);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('viewedAttendees') ?? '{}') as Record<string, number[]>,
    );
    expect(stored[String(eventId)]).toContain(target.id);
    await page.getByTestId('attendees-list').waitFor(); // the list stays underneath
    await dialog.getByTestId('attendee-detail-fav').click();
    await page.getByText(`${target.fullName} is in your favourites.`).waitFor();
    expect(await dialog.getByTestId('attendee-detail-fav').getAttribute('aria-pressed')).toBe('true');
    await expectGoodScreen(page, 'profile-modal-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId('attendee-fav-badge').waitFor(); // the card under the modal follows
    await card.getByText('Viewed').waitFor(); // opening the profile marked it viewed

    // The server remembers both the favourite and the view.
    const favs = await searchCards(me.token, { eventId, filters: { tags: ['fav'] } });
    expect(favs.map((p) => p.id)).toEqual([target.id]);
    const viewed = await api<{ participantId: number }[]>(`/event/participant/viewed?eventId=${eventId}`, {
      token: me.token,
    });
    expect(viewed.map((v) => v.participantId)).toContain(target.id);

    // Favourites view; then ignore someone from the card's more menu: they leave the list.
    await page.getByTestId('attendees-search').fill('');
    await page.getByTestId('attendees-view').getByText('Favourites').click();
    await expect.poll(() => list.getByTestId('attendee-card').count()).toBe(1);
    await page.getByTestId('attendees-view').getByText('Everyone').click();
    const otherCard = list.locator(`[data-participant-id="${other.id}"]`);
    await otherCard.getByTestId('attendee-more').click();
    await page.getByTestId('attendee-ignore').click();
    await otherCard.waitFor({ state: 'detached' });
    await page.getByTestId('attendees-view').getByText('Ignored').click();
    await list.locator(`[data-participant-id="${other.id}"]`).waitFor();

    // E6.21: my own card has no more menu and no meet or chat.
    await page.getByTestId('attendees-view').getByText('Everyone').click();
    await page.getByTestId('attendees-search').fill('Fiona Finder');
    const mine = list.locator(`[data-participant-id="${me.participantId}"]`);
    await mine.getByTestId('attendee-you').waitFor();
    expect(await mine.getByTestId('attendee-presence').textContent()).toBe('On-site'); // hybrid event
    expect(await mine.getByTestId('attendee-more').count()).toBe(0);
    expect(await mine.getByRole('button').count()).toBe(0);

    // No results.
    await page.getByTestId('attendees-search').fill('zzqx-nobody');
    await page.getByTestId('attendees-no-results').waitFor();
  });

  /** `me`, new to the app, signed in on a desktop and on `path`. */
  async function newcomerAt(me: Parameters<typeof signIn>[1], path: string): Promise<Page> {
    const session = await signIn(browser, me, { viewport: 'desktop', newAccount: true, landing: 'none' });
    context = session.context;
    await session.page.goto(path);
    return session.page;
  }

  /**
   * A new attendee signed in on a desktop, someone else of the event to favourite, and `favourite`,
   * which sets the favourite as another device of theirs would (through the API).
   */
  async function favouriteSetUp(name: string, surname: string) {
    const me = await registerAttendee(eventId, name, surname);
    const [someone] = (await searchCards(me.token, { eventId, length: 5 })).filter(
      (p) => p.id !== me.participantId,
    );
    if (!someone) throw new Error('the demo event has people');
    const session = await signIn(browser, me, { viewport: 'desktop', newAccount: true, landing: 'none' });
    context = session.context;
    const card = session.page.getByTestId('attendees-list').locator(`[data-participant-id="${someone.id}"]`);
    const favourite = () =>
      api('/event/participant/tag', {
        token: me.token,
        body: { eventId, participantId: someone.id, tag: 'fav', on: true },
      });
    return { page: session.page, card, favourite, someone };
  }

  it('E2.01 A9.17 a list chosen while the cleared search is still being shown keeps the search cleared', async () => {
    const me = await registerAttendee(eventId, 'Vera', 'Views');
    const people = await searchCards(me.token, { eventId, length: 10 });
    const target = people.find((p) => p.id !== me.participantId && p.fullName.split(' ').length === 2);
    if (!target) throw new Error('the demo event has people');
    const page = await newcomerAt(me, `/event/${eventId}/attendees?q=${encodeURIComponent(target.fullName)}`);
    const list = page.getByTestId('attendees-list');
    await list.locator(`[data-participant-id="${target.id}"]`).waitFor();
    const param = (name: string) => new URL(page.url()).searchParams.get(name);

    // A slow phone: the address changes at once, the list's render of it takes a while, and a
    // tap meanwhile must build on the address as it now is, not on the screen's last render.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByTestId('attendees-search').fill('');
    await expect.poll(() => param('q')).toBeNull();
    await page.getByTestId('attendees-view').getByText('Favourites').click();
    await expect.poll(() => param('view')).toBe('fav');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByTestId('attendees-no-results').waitFor();
    expect(param('q')).toBeNull();
    expect(await page.getByTestId('attendees-search').inputValue()).toBe('');
  });

  it('A9.17 E2.01 letters typed while the page still renders the search typed before them stay in the box', async () => {
    const me = await registerAttendee(eventId, 'Tara', 'Typist');
    const people = await searchCards(me.token, { eventId, length: 10 });
    const target = people.find((p) => p.id !== me.participantId && /^\S{3,} \S+$/.test(p.fullName));
    if (!target) throw new Error('the demo event has people');
    const page = await newcomerAt(me, `/event/${eventId}/attendees`);
    const list = page.getByTestId('attendees-list');
    await list.waitFor();
    const param = (name: string) => new URL(page.url()).searchParams.get(name);
    const box = page.getByTestId('attendees-search');

    // A slow phone: the first letters' search is in the address and being rendered while the
    // rest are typed; the box must not be set back to what the page shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    const head = target.fullName.slice(0, 3);
    await box.fill(head);
    await expect.poll(() => param('q')).toBe(head);
    await box.pressSequentially(target.fullName.slice(3));
    await expect.poll(() => param('q')).toBe(target.fullName);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await list.locator(`[data-participant-id="${target.id}"]`).waitFor();
    expect(await box.inputValue()).toBe(target.fullName);

    // A search set elsewhere still shows in the box: the empty list's Clear.
    await page.getByTestId('attendees-view').getByText('Favourites').click();
    await page.getByTestId('attendees-no-results').waitFor();
    await page.getByTestId('attendees-clear').click();
    await expect.poll(() => box.inputValue()).toBe('');
    expect(param('q')).toBeNull();
  });

  it('E7.76 a favourite set on another device shows up live', async () => {
    const { page, card, favourite } = await favouriteSetUp('Lina', 'Live');
    await page.goto(`/event/${eventId}/attendees`);
    await card.waitFor();
    expect(await card.getByTestId('attendee-fav-badge').count()).toBe(0);
    await favourite();
    await card.getByTestId('attendee-fav-badge').waitFor({ timeout: 15_000 }); // pushed, no reload
  });

  it("E7.76 a favourite set after the list loaded and before this page's connection came on still shows", async () => {
    const { page, card, favourite } = await favouriteSetUp('Gita', 'Gap');
    // The page's realtime connection waits at the door until the favourite is written.
    const door = await holdRealtime(page);
    await page.goto(`/event/${eventId}/attendees`);
    await card.waitFor();
    expect(await card.getByTestId('attendee-fav-badge').count()).toBe(0);
    await expect.poll(() => door.held()).toBeGreaterThan(0);
    await favourite();
    door.open();
    // No push brings it (it was written before the connection); the room coming on says a record is
    // newer than the list, which loads again.
    await card.getByTestId('attendee-fav-badge').waitFor({ timeout: 15_000 });
  });

  it('E7.76 a favourite pushed while a search is being answered still shows once the answer lands', async () => {
    const { page, card, favourite, someone } = await favouriteSetUp('Rita', 'Race');
    const pushes = watchPushes(page);
    await page.goto(`/event/${eventId}/attendees`);
    await card.waitFor();
    const cards = page.getByTestId('attendees-list').locator('[data-participant-id]');
    const everyone = await cards.count();
    expect(everyone).toBeGreaterThan(1);
    // The search for them is read by the server now, and its answer held on its way to the page.
    let read = () => {};
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route('**/api/v1/event/participant/search2', async (route) => {
      if (held || !(route.request().postData() ?? '').includes(someone.fullName)) return route.fallback();
      held = true;
      const response = await route.fetch();
      read();
      await released;
      await route.fulfill({ response }).catch(() => {}); // the page may have dropped the request
    });
    await page.getByTestId('attendees-search').fill(someone.fullName);
    await wasRead;
    await favourite();
    await expect.poll(() => pushes.seen('participant.tags'), { timeout: 15_000 }).toBe(true);
    release();
    // The search's answer is on screen (fewer cards than everyone), and it has the favourite.
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeLessThan(everyone);
    await card.getByTestId('attendee-fav-badge').waitFor({ timeout: 15_000 });
  });

  it('E2.04 the profile opens as a full page on mobile, with offer, seek and categories', async () => {
    const token = (await registerAttendee(eventId, 'Mona', 'Mobile')).token;
    const [target] = await searchCards(token, { eventId, query: 'Northwind' });
    if (!target) throw new Error('the demo attendee works at Northwind');
    const session = await signIn(browser, demoLogin('exhibitor'), { viewport: 'mobile', landing: 'none' });
    context = session.context;
    const { page } = session;
    await page.goto(`/event/${eventId}/attendees`);
    await page.getByTestId('attendees-search').fill('Northwind');
    await page.locator(`[data-participant-id="${target.id}"]`).getByTestId('attendee-link').click();
    await page.getByRole('heading', { level: 1, name: target.fullName }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByTestId('attendee-offer').waitFor();
    await page.getByTestId('attendee-seek').waitFor();
    expect(await page.getByTestId('attendee-categories').textContent()).toContain('Health');
    await expectGoodScreen(page, 'profile-page-375');
  });

  it('E2.53 E2.74 E2.75 E5.01 E5.05 E5.07 E9.46 E2.78 A2.06 E2.24 the wizard completes the event profile', async () => {
    const me = await registerAttendee(eventId, 'Wanda', 'Wizard');
    const page = await newcomerAt(me, `/event/${eventId}/event-profile`);
    const wizard = page.getByTestId('profile-wizard');
    await wizard.waitFor();
    const points = () => page.getByTestId('profile-completeness').getAttribute('data-points');
    const before = Number(await points());
    expect(before).toBeLessThan(5);
    await expectGoodScreen(page, 'wizard-1280');

    await page.getByTestId('wizard-company').fill('Wizard Labs');
    await page.getByTestId('wizard-job-title').fill('Founder');
    await page.getByTestId('wizard-next').click();
    await wizard.and(page.locator('[data-step="offerSeek"]')).waitFor();
    await page.getByTestId('wizard-offer').fill('Seed funding for health startups');
    await page.getByTestId('wizard-seek').fill('Investors and early customers');
    await page.getByTestId('wizard-next').click();
    await wizard.and(page.locator('[data-step="participantType"]')).waitFor();
    await page.getByTestId('wizard-next').click();
    await wizard.and(page.locator('[data-step="categories"]')).waitFor();

    // E5.05: (Max 3) on the question; E5.07: a fourth option is refused with the spec's sentence.
    const questions = await api<{ categories: { categoryId: number; name: string }[] }>(
      `/event/participant/wizard?eventId=${eventId}`,
      { token: me.token },
    );
    const questionId = (name: string) => questions.categories.find((q) => q.name === name)?.categoryId;
    expect(await wizard.getByText('Interests (Max 3)').count()).toBe(1);
    await page.getByTestId(`wizard-category-${questionId('Interests')}`).click();
    for (const option of ['AI & Data', 'Sustainability', 'Investment', 'Marketing'])
      await page.getByRole('option', { name: option }).click();
    const tooMany =
      'You already added 4 options. Unfortunately the system is not allow you to add more than 3 options.';
    await page.getByText(tooMany).waitFor();
    await screenshot(page, 'attendees-wizard-too-many-1280');
    await page.getByRole('option', { name: 'Marketing' }).click(); // chosen again: taken out
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText(tooMany).count()).toBe(0);

    // Issue 15: Industry was answered at registration (Health), so it shows chosen here.
    const industry = page.getByTestId(`wizard-category-${questionId('Industry')}`);
    expect(await industry.inputValue()).toBe('Health');
    // E5.01: the required Industry question stops the finish until it is answered (chosen again: taken out).
    await industry.click();
    await page.getByRole('option', { name: 'Health' }).click();
    await expect.poll(() => industry.inputValue()).toBe('');
    await page.getByTestId('wizard-finish').click();
    await page.getByText('Industry is required').waitFor();
    await page.getByTestId(`wizard-category-${questionId('Industry')}`).click();
    await page.getByRole('option', { name: 'Health' }).click();
    await page.getByTestId('wizard-finish').click();

    // E2.78: done → the event's index page (attendees in the demo), profile complete.
    await page.getByText('Your event profile is saved.').waitFor();
    await page.waitForURL(`**/event/${eventId}/attendees`);
    const state = await api<{ points: number; complete: boolean }>(
      `/event/participant/wizard?eventId=${eventId}`,
      {
        token: me.token,
      },
    );
    expect(state.complete).toBe(true);
    expect(state.points).toBeGreaterThan(before);
    await settleAnimations(page);
  });

  it('E2.53 the wizard at 375 px', async () => {
    const me = await registerAttendee(eventId, 'Mini', 'Wizard');
    const session = await signIn(browser, me, { viewport: 'mobile', newAccount: true, landing: 'none' });
    context = session.context;
    const { page } = session;
    await page.goto(`/event/${eventId}/event-profile`);
    await page.getByTestId('profile-wizard').waitFor();
    await expectGoodScreen(page, 'wizard-375');
  });
});
