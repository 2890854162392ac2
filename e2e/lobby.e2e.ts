import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './lib/flows';
import { pngImage, registerAttendee, unique } from './lib/lobby';
import { holdRealtime } from './lib/realtime-door';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('lobby');

const organizerLogin = demoLogin('organizer');

/** The lobby tab: live now, announcements with comments, polls, all live (issue 6). */
describe('lobby, announcements and polls in the browser', () => {
  let browser: Browser;
  let eventId: number;
  const pages: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.context().close();
  });

  async function open(
    login: { email: string; password: string; fresh?: boolean },
    viewport: 'desktop' | 'mobile' = 'desktop',
  ) {
    const { page } = await signIn(browser, login, {
      viewport,
      newAccount: login.fresh ?? false,
      landing: 'none',
    });
    pages.push(page);
    return page;
  }

  async function toLobby(page: Page) {
    await page.goto(`/event/${eventId}/lobby`);
    await page.getByTestId('lobby-tab').waitFor();
    await page.getByTestId('lobby-announcements').getByRole('heading', { name: 'Announcements' }).waitFor();
  }

  it('E1.08 E1.09 E2.47 E2.48 E7.80 E7.81 A4.39 E9.60 A2.90 E2.68 organizer posts an announcement and a poll; the attendee sees both live, votes, and the organizer sees the result live', async () => {
    const attendee = await registerAttendee(eventId, 'Lale');
    const organizer = await open(organizerLogin);
    const guest = await open(attendee);
    await toLobby(organizer);
    await toLobby(guest);
    const bell = guest.getByTestId('nav-notifications');
    expect(await bell.textContent()).toBe('Notifications');

    // announcementCreate (A2.89): the image is checked before it is sent (E5.27, E5.28).
    const text = unique('Doors open at 9: coffee in the foyer');
    await organizer.getByTestId('announcement-create').click();
    const form = organizer.getByTestId('announcement-form');
    await form.waitFor();
    const fileInput = form.locator('input[type=file]');
    await fileInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await form.getByText('File is larger than 2 Mb.').waitFor();
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await form.getByText('Only JPEG and PNG images can be added.').waitFor();
    await form.getByTestId('announcement-submit').click();
    await form.getByText('Text is required').waitFor(); // E5.26
    await form.getByTestId('announcement-text-input').fill(text);
    await fileInput.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: pngImage(640, 240) });
    await form.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await expectAccessible(organizer, 'announcement-create-1280');
    await form.getByTestId('announcement-submit').click();
    await form.waitFor({ state: 'detached' });

    // The attendee sees it without a reload (E7.80): text, image, author.
    const card = guest.getByTestId('announcement-card').filter({ hasText: text });
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId('announcement-image').waitFor();
    expect(await card.textContent()).toContain('Selin Kaya');

    // Poll form (E5.31–E5.35): rows are added by Enter and removed; the question is required.
    const question = unique('Which track should run twice?');
    await organizer.getByTestId('poll-create').click();
    const pollForm = organizer.getByTestId('poll-form');
    await pollForm.waitFor();
    await pollForm.getByTestId('poll-form-submit').click();
    await pollForm.getByText('Question is required').waitFor();
    expect(await pollForm.getByText('Answer is required').count()).toBe(2);
    await pollForm.getByTestId('poll-question-input').fill(question);
    const answers = pollForm.getByTestId('poll-answer-input');
    await answers.nth(0).fill('Design');
    await answers.nth(1).fill('Data');
    await answers.nth(1).press('Enter'); // E5.35: the next row, focused
    expect(await answers.count()).toBe(3);
    await organizer.keyboard.type('Leadership');
    await answers.nth(2).press('Enter');
    await organizer.keyboard.type('Obsolete');
    expect(await answers.count()).toBe(4);
    await pollForm.getByRole('button', { name: 'Remove answer 4' }).click(); // E5.34
    expect(await answers.count()).toBe(3);
    expect(await answers.nth(2).inputValue()).toBe('Leadership');
    await expectAccessible(organizer, 'poll-create-1280');
    await pollForm.getByTestId('poll-form-submit').click(); // publish now (the default)
    await pollForm.waitFor({ state: 'detached' });

    // The attendee sees the poll appear live and votes (E1.09, E7.48).
    const guestPoll = guest.getByTestId('poll-card').filter({ hasText: question });
    await guestPoll.waitFor({ timeout: 15_000 });
    await guestPoll.getByRole('radio', { name: 'Data' }).check();
    await guestPoll.getByTestId('poll-submit').click();
    await guestPoll.getByText('Thank you for voting. The results will be shown later.').waitFor();

    // The organizer's bars move without a reload (E7.81).
    const orgPoll = organizer.getByTestId('poll-card').filter({ hasText: question });
    await expect
      .poll(() => orgPoll.getByTestId('poll-result').nth(1).getAttribute('data-votes'), { timeout: 15_000 })
      .toBe('1');
    expect(await orgPoll.getByTestId('poll-total').textContent()).toBe('1 vote');

    // The attendee's notification badge rose live: the announcement and the poll (A9.41, A4.39).
    await expect.poll(() => bell.textContent(), { timeout: 15_000 }).toMatch(/^Notifications\s*2/);
    const counts = await api<{ unseen: number }>('/notifications/counts', { token: attendee.token });
    expect(counts.unseen).toBe(2);

    // Finish and publish results (E4.60): the attendee's card shows them, live.
    await orgPoll.getByTestId('poll-menu').click();
    await organizer.getByTestId('poll-action-finishPublish').click();
    await guestPoll.getByTestId('poll-results').waitFor({ timeout: 15_000 });
    expect(await guestPoll.getByTestId('poll-status').textContent()).toBe('Finished');
    await expectAccessible(organizer, 'lobby-organizer-1280');
    await expectAccessible(guest, 'lobby-attendee-1280');

    // A9.41: the announcement's notification opens it in the lobby's announcementInfo.
    await bell.click();
    await guest
      .getByTestId('notification-item')
      .filter({ hasText: `New announcement: ${text}` })
      .click();
    await guest.getByTestId('announcement-info-modal').getByText(text).waitFor();
    expect(new URL(guest.url()).pathname).toBe(`/event/${eventId}/lobby`);
  });

  it('E2.47 E5.30 E6.07 E6.09 announcementInfo: comments are added, edited and deleted, and arrive live', async () => {
    const attendee = await registerAttendee(eventId, 'Mert');
    const organizer = await open(organizerLogin);
    const guest = await open(attendee);
    await toLobby(organizer);
    await toLobby(guest);
    const text = unique('Lunch is served on the terrace');
    await organizer.getByTestId('announcement-create').click();
    await organizer.getByTestId('announcement-text-input').fill(text);
    await organizer.getByTestId('announcement-submit').click();
    await organizer.getByTestId('announcement-form').waitFor({ state: 'detached' });

    const card = guest.getByTestId('announcement-card').filter({ hasText: text });
    // E1.08 the organizer label is readable: its text does not take its background's colour.
    const label = card.getByTestId('post-label-organizer');
    expect(await label.textContent()).toBe('Organizer');
    const colours = await label.evaluate((el) => {
      const style = getComputedStyle(el);
      return { text: style.color, background: style.backgroundColor };
    });
    expect(colours.text).not.toBe(colours.background);
    await card.getByTestId('announcement-open').click();
    const info = guest.getByTestId('comment-form');
    await info.waitFor();
    expect(new URL(guest.url()).searchParams.get('announcement')).not.toBeNull();
    await guest.getByTestId('comment-submit').click();
    await guest.getByText('Comment is required').waitFor(); // E5.30
    await guest.getByTestId('comment-input').fill('Is there a vegetarian option?');
    await guest.getByTestId('comment-submit').click();
    const mine = guest.getByTestId('comment-item').filter({ hasText: 'vegetarian' });
    await mine.waitFor();
    await mine.getByTestId('comment-edit').click();
    await guest.getByTestId('comment-edit-input').fill('Is there a vegan option?');
    await guest.getByTestId('comment-save').click();
    await guest.getByTestId('comment-item').filter({ hasText: 'vegan option' }).waitFor();
    await expectAccessible(guest, 'announcement-info-1280');

    // The organizer's feed counts it live, and the organizer may delete it (E6.07).
    const orgCard = organizer.getByTestId('announcement-card').filter({ hasText: text });
    await orgCard.getByText('1 comment').waitFor({ timeout: 15_000 });
    await orgCard.getByTestId('announcement-open').click();
    const theirs = organizer.getByTestId('comment-item').filter({ hasText: 'vegan option' });
    await theirs.waitFor();
    expect(await theirs.getByTestId('comment-edit').count()).toBe(0); // only the author edits
    await theirs.getByTestId('comment-delete').click();
    await guest
      .getByTestId('comment-item')
      .filter({ hasText: 'vegan option' })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await guest.getByText('No comments yet. Be the first to comment.').waitFor();
  });

  it('E2.69 E4.58 E4.59 E4.61 E6.35 a draft poll is edited in the same form, published, closed, reopened, shown and restarted, live for the attendee', async () => {
    const attendee = await registerAttendee(eventId, 'Deniz');
    const organizer = await open(organizerLogin);
    const guest = await open(attendee);
    await toLobby(organizer);
    await toLobby(guest);
    expect(await guest.getByTestId('announcement-create').count()).toBe(1); // E1.08 every participant posts
    expect(await guest.getByTestId('poll-create').count()).toBe(0); // polls are the organizers' (E6.35)

    const question = unique('Best snack?');
    await organizer.getByTestId('poll-create').click();
    await organizer.getByTestId('poll-question-input').fill(question);
    await organizer.getByTestId('poll-answer-input').nth(0).fill('Simit');
    await organizer.getByTestId('poll-answer-input').nth(1).fill('Baklava');
    await organizer.getByTestId('poll-when-draft').check();
    await organizer.getByTestId('poll-form-submit').click();
    await organizer.getByTestId('poll-form').waitFor({ state: 'detached' });
    const orgPoll = organizer.getByTestId('poll-card').filter({ hasText: question });
    expect(await orgPoll.getByTestId('poll-status').textContent()).toBe('Draft');

    // E2.69: the poll's own menu opens the same form, titled for editing and holding what was saved.
    await orgPoll.getByTestId('poll-menu').click();
    await organizer.getByTestId('poll-edit').click();
    const editForm = organizer.getByTestId('poll-form');
    await organizer.getByRole('dialog', { name: 'Edit poll' }).waitFor();
    expect(await editForm.getByTestId('poll-question-input').inputValue()).toBe(question);
    expect(await editForm.getByTestId('poll-answer-input').nth(1).inputValue()).toBe('Baklava');
    await editForm.getByTestId('poll-answer-input').nth(1).fill('Börek');
    await editForm.getByTestId('poll-form-submit').click();
    await editForm.waitFor({ state: 'detached' });
    await orgPoll.getByText('Börek').waitFor();
    expect(await orgPoll.getByText('Baklava').count()).toBe(0);

    const act = async (key: string) => {
      await orgPoll.getByTestId('poll-menu').click();
      await organizer.getByTestId(`poll-action-${key}`).click();
      await organizer.getByTestId(`poll-action-${key}`).waitFor({ state: 'detached' });
    };
    const guestPoll = guest.getByTestId('poll-card').filter({ hasText: question });
    await act('publish'); // E4.58
    await guestPoll.getByTestId('poll-vote-form').waitFor({ timeout: 15_000 });
    await act('close');
    await guestPoll.getByText('This poll is closed.').waitFor({ timeout: 15_000 });
    await act('reopen');
    await guestPoll.getByRole('radio', { name: 'Börek' }).check({ timeout: 15_000 });
    await guestPoll.getByTestId('poll-submit').click();
    await guestPoll.getByTestId('poll-note').waitFor();
    await act('showResults'); // E4.59
    await guestPoll.getByTestId('poll-results').waitFor({ timeout: 15_000 });
    await act('hideResults');
    await guestPoll.getByTestId('poll-results').waitFor({ state: 'detached', timeout: 15_000 });
    await act('restart'); // E4.61: the votes go, everyone may vote again
    await guestPoll.getByTestId('poll-vote-form').waitFor({ timeout: 15_000 });
    expect(await orgPoll.getByTestId('poll-total').textContent()).toBe('0 votes');
  });

  it("E7.80 an announcement posted after the lobby loaded and before this page's connection came on still shows", async () => {
    const attendee = await registerAttendee(eventId, 'Gale');
    const page = await open(attendee);
    // The page's realtime connection waits at the door until the announcement is written.
    const door = await holdRealtime(page);
    await toLobby(page);
    await expect.poll(() => door.held()).toBeGreaterThan(0);
    const text = unique('Doors open at nine, before the connection');
    await api('/event/post', {
      token: await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD),
      body: { type: 'announcement', eventId, text },
    });
    door.open();
    // No push brings it (it was written before the connection); the event's room coming on says a
    // record is newer than the lobby's load, which loads again.
    await page.getByTestId('announcement-card').filter({ hasText: text }).waitFor({ timeout: 15_000 });
  });

  it('E6.06 a deletion confirmed before the confirmation’s code has arrived is asked and carried out once it arrives', async () => {
    const token = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const text = unique('Lunch moves to the terrace');
    await api('/event/post', { token, body: { type: 'announcement', eventId, text } });
    const { page } = await signIn(browser, organizerLogin, { viewport: 'desktop', landing: 'none' });
    pages.push(page);
    // The confirmations' file (loaded when the browser is first idle) is held back, as on a slow
    // connection, until the organizer has asked for the deletion.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route(/\/assets\/modals-provider-[\w-]+\.js$/, async (route) => {
      asked += 1;
      await released;
      await route.continue();
    });
    await toLobby(page);
    const card = page.getByTestId('announcement-card').filter({ hasText: text });
    await card.getByTestId('announcement-menu').click();
    await page.getByTestId('announcement-delete').click();
    await expect.poll(() => asked).toBeGreaterThan(0);
    expect(await page.getByRole('dialog', { name: 'Delete announcement' }).count()).toBe(0);
    release();
    const dialog = page.getByRole('dialog', { name: 'Delete announcement' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    const listed = await api<{ items: { text: string }[] }>(`/event/post?eventId=${eventId}`, { token });
    expect(listed.items.some((post) => post.text === text)).toBe(false);
  });

  it('E3.25 E7.42 a scheduled announcement is seen by its author only, until it is published', async () => {
    const attendee = await registerAttendee(eventId, 'Arda');
    const organizer = await open(organizerLogin);
    const guest = await open(attendee);
    await toLobby(organizer);
    await toLobby(guest);
    const text = unique('Closing keynote moves to Hall B');
    await organizer.getByTestId('announcement-create').click();
    await organizer.getByTestId('announcement-text-input').fill(text);
    await organizer.getByTestId('announcement-schedule').check();
    await organizer.getByTestId('announcement-post-at').fill('2030-01-01T10:00');
    await organizer.getByTestId('announcement-submit').click();
    const orgCard = organizer.getByTestId('announcement-card').filter({ hasText: text });
    await orgCard.getByTestId('announcement-scheduled').waitFor();
    expect(await orgCard.getByTestId('announcement-scheduled').textContent()).toBe(
      'Scheduled for 2030-01-01 10:00',
    );
    const listed = await api<{ items: { text: string }[] }>(`/event/post?eventId=${eventId}`, {
      token: attendee.token,
    });
    expect(listed.items.some((p) => p.text === text)).toBe(false);

    await orgCard.getByTestId('announcement-menu').click();
    await organizer.getByTestId('announcement-edit').click();
    await organizer.getByTestId('announcement-schedule').uncheck(); // publish now
    await organizer.getByTestId('announcement-submit').click();
    await orgCard.getByTestId('announcement-scheduled').waitFor({ state: 'detached' });
    await guest.getByTestId('announcement-card').filter({ hasText: text }).waitFor({ timeout: 15_000 });

    // E6.06: the organizer deletes it; it leaves the attendee's feed live.
    await orgCard.getByTestId('announcement-menu').click();
    await organizer.getByTestId('announcement-delete').click();
    await organizer.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await guest
      .getByTestId('announcement-card')
      .filter({ hasText: text })
      .waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('A2.68 E2.47 E2.48 the lobby is the default tab at 375 px and its modals fit the screen', async () => {
    const token = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    const image = `data:image/png;base64,${pngImage(640, 240).toString('base64')}`;
    await api('/event/post', {
      token,
      body: {
        type: 'announcement',
        eventId,
        text: unique('Welcome! The registration desk is next to the main entrance.'),
        files: [{ contentType: 'image/png', data: image }],
      },
    });
    const attendee = await registerAttendee(eventId, 'Ece');
    const guest = await open(attendee, 'mobile');
    await guest.goto(`/event/${eventId}/`);
    await guest.getByTestId('lobby-tab').waitFor(); // A2.68: narrow screens open on the lobby
    await guest.getByTestId('lobby-polls').waitFor();
    await guest.getByTestId('announcement-card').first().waitFor();
    await expectAccessible(guest, 'lobby-attendee-375');
    await guest.getByTestId('announcement-open').first().click();
    await guest.getByTestId('announcement-info-modal').getByRole('dialog').waitFor();
    await expectAccessible(guest, 'announcement-info-375');

    const organizer = await open(organizerLogin, 'mobile');
    await toLobby(organizer);
    await expectAccessible(organizer, 'lobby-organizer-375');
    await organizer.getByTestId('poll-create').click();
    await organizer.getByTestId('poll-form').waitFor();
    await expectAccessible(organizer, 'poll-create-375');
    await organizer.keyboard.press('Escape');
    await organizer.getByTestId('poll-form').waitFor({ state: 'detached' });
    await organizer.getByTestId('announcement-create').click();
    await organizer.getByTestId('announcement-form').waitFor();
    await organizer.getByTestId('announcement-schedule').check();
    await organizer.getByTestId('announcement-post-at').waitFor();
    await expectAccessible(organizer, 'announcement-create-375');
  });
});
