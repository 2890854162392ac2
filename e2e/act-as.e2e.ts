import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser, type ViewportName } from './lib/browser';
import { api, apiLogin, apiRegisterAttendee, demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const check = screenChecks('act-as');

/**
 * A6.04, E6.14: the platform's super user (the demo organizer) logs in as an attendee from the
 * attendee's profile, sees Foyer as they do with a banner saying so, and goes back to their account.
 */
describe('log in as an attendee', () => {
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

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`A6.04 E6.14 a super user logs in as an attendee and comes back, at ${width} px`, async () => {
      const olga = await apiRegisterAttendee(eventId, {
        tag: `actas-${width}`,
        name: 'Olga',
        surname: `Actedfor${width}`,
        timezone: 'Europe/Istanbul',
      });
      const session = await signIn(browser, demoLogin('organizer'), { viewport, landing: 'none' });
      context = session.context;
      const { page } = session;
      await page.goto(`/event/${eventId}/attendees/${olga.participantId}`);
      await page.getByTestId('attendee-detail').waitFor();
      await page.getByTestId('act-as-open').click();
      await page.getByRole('dialog', { name: `Log in as ${olga.fullName}?` }).waitFor();
      await page.getByTestId('act-as-confirm').click();

      await page.waitForURL('**/event/list');
      const banner = page.getByTestId('acting-banner');
      await banner.getByText(`You are signed in as ${olga.fullName} (super user).`).waitFor();
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      expect((await api<{ username: string }>('/user/profile', { token })).username).toBe(olga.email);
      await check(page, `banner-${width}`);
      // The banner stays on a reload (the session acts as Olga until the way back), and Olga's
      // own settings say who may change them.
      await page.goto('/account/security');
      await banner.waitFor();
      await page.getByTestId('own-account-only').waitFor();
      await check(page, `security-acting-${width}`);

      await page.getByTestId('act-as-back').click();
      await banner.waitFor({ state: 'detached' });
      const own = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      expect((await api<{ username: string }>('/user/profile', { token: own })).username).toBe(
        demoLogin('organizer').email,
      );
    });
  }

  it('A8.14 A8.19 A6.04 acting as an attendee, changing their password or deleting their account shows the server’s refusal', async () => {
    const pat = await apiRegisterAttendee(eventId, {
      tag: 'actas-refused',
      name: 'Pat',
      surname: 'Protected',
      timezone: 'Europe/Istanbul',
    });
    const session = await signIn(browser, demoLogin('organizer'), { viewport: 'mobile', landing: 'none' });
    context = session.context;
    const { page } = session;
    await page.goto(`/event/${eventId}/attendees/${pat.participantId}`);
    await page.getByTestId('act-as-open').click();
    await page.getByTestId('act-as-confirm').click();
    await page.waitForURL('**/event/list');
    await page.getByTestId('acting-banner').waitFor();

    // A8.14: not a wrong old password (that has its own text): the server's message is shown.
    const refusal = 'Not allowed while acting as another user';
    await page.goto('/account/security');
    // Said before anything is tried: these are Pat's own to change.
    expect(await page.getByTestId('own-account-only').textContent()).toBe(
      'You act as Pat Protected: only they can change their password, e-mail addresses and account. A change tried here is refused.',
    );
    await page.getByTestId('password-old').fill('Whatever-old-1');
    await page.getByTestId('password-new').fill('A-new-password-9');
    await page.getByTestId('password-submit').click();
    const passwordError = page.getByTestId('password-error');
    await passwordError.waitFor();
    expect(await passwordError.textContent()).toBe(refusal);

    // A8.19: the deletion's refusal, as returned.
    await page.getByTestId('delete-open').click();
    await page.getByTestId('delete-word').fill('delete');
    await page.getByTestId('delete-password').fill(pat.password);
    await page.keyboard.press('Enter');
    await page.getByTestId('delete-confirm').click();
    const deleteError = page.getByTestId('delete-error');
    await deleteError.waitFor();
    expect(await deleteError.textContent()).toBe(refusal);

    // Pat's account and password are as they were.
    const token = await apiLogin(pat.email, pat.password);
    expect((await api<{ username: string }>('/user/profile', { token })).username).toBe(pat.email);
  });

  it('A6.04 an attendee who is not a super user has no such button', async () => {
    const session = await signIn(browser, demoLogin('attendee'), { viewport: 'desktop' });
    context = session.context;
    const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, {
      token: (await session.page.evaluate(() => localStorage.getItem('token'))) ?? '',
    });
    const other = await apiRegisterAttendee(eventId, {
      tag: 'actas-none',
      name: 'Nils',
      surname: 'Nobutton',
    });
    expect(me.id).not.toBe(other.participantId);
    await session.page.goto(`/event/${eventId}/attendees/${other.participantId}`);
    await session.page.getByTestId('attendee-detail').waitFor();
    await session.page.getByTestId('attendee-detail-fav').waitFor();
    expect(await session.page.getByTestId('act-as-open').count()).toBe(0);
    // Their own account's forms carry no notice of acting.
    await session.page.goto('/account/security');
    await session.page.getByTestId('password-old').waitFor();
    expect(await session.page.getByTestId('own-account-only').count()).toBe(0);
  });
});
