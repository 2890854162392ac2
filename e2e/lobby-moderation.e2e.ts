import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './lib/browser';
import { demoEventId } from './lib/flows';
import { registerAttendee, unique } from './lib/lobby';
import { demoLogin, signIn } from './lib/sign-in';

const organizerLogin = demoLogin('organizer');

/** Participant posts in the lobby (E1.08): labelled as theirs, and organizers can hide them. */
describe('lobby moderation in the browser', () => {
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

  async function open(login: { email: string; password: string; fresh?: boolean }) {
    const { page } = await signIn(browser, login, { newAccount: login.fresh ?? false, landing: 'none' });
    pages.push(page);
    await page.goto(`/event/${eventId}/lobby`);
    await page.getByTestId('lobby-tab').waitFor();
    await page.getByTestId('lobby-announcements').getByRole('heading', { name: 'Announcements' }).waitFor();
    return page;
  }

  it('E1.08 E6.35 an attendee posts; the organizer sees it labelled as a participant post, hides it, and it leaves the attendee’s lobby', async () => {
    const attendee = await registerAttendee(eventId, 'Ece');
    const guest = await open(attendee);
    const organizer = await open(organizerLogin);

    const text = unique('Visit my booth for a free gift');
    await guest.getByTestId('announcement-create').click();
    await guest.getByTestId('announcement-text-input').fill(text);
    await guest.getByTestId('announcement-submit').click();
    await guest.getByTestId('announcement-form').waitFor({ state: 'detached' });
    const mine = guest.getByTestId('announcement-card').filter({ hasText: text });
    await mine.getByTestId('post-label-participant').waitFor();

    // The organizer sees it live, with the author and the participant label, not the organizer one.
    const theirs = organizer.getByTestId('announcement-card').filter({ hasText: text });
    await theirs.waitFor({ timeout: 15_000 });
    expect(await theirs.getByTestId('post-label-participant').textContent()).toBe('Participant post');
    expect(await theirs.getByTestId('post-label-organizer').count()).toBe(0);
    expect(await theirs.textContent()).toContain('Ece Lobbyist');
    await theirs.getByTestId('announcement-menu').click();
    await organizer.getByTestId('announcement-hide').click();
    await organizer.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();
    await theirs.waitFor({ state: 'detached', timeout: 15_000 });

    // Gone live from the author's lobby, and after a reload too.
    await mine.waitFor({ state: 'detached', timeout: 15_000 });
    await guest.reload();
    await guest.getByTestId('lobby-announcements').getByRole('heading', { name: 'Announcements' }).waitFor();
    // The feed has loaded: other announcements, or none at all.
    await guest
      .getByTestId('announcement-card')
      .or(guest.getByText('No announcements yet'))
      .first()
      .waitFor();
    expect(await guest.getByTestId('announcement-card').filter({ hasText: text }).count()).toBe(0);
  });
});
