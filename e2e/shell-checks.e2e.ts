import { describe, expect, it } from 'vitest';
import { api, apiLogin, apiSignup, DEMO_LOGINS, DEMO_PASSWORD, uniqueEmail } from './lib/flows';
import { expectAccessible, renderedAfter, shellSuite } from './lib/shell';

/** The application shell: the presence and time zone checks. */
describe('application shell in the browser: checks', () => {
  const shell = shellSuite();

  it('A4.41 E4.80 A4.43 A4.45 A8.28 E8.30 A2.95 E2.66 presence: closing without a choice leaves the event; a choice is saved', async () => {
    const page = await shell.signedIn('desktop', DEMO_LOGINS.exhibitor);
    await page.evaluate(
      (id) => localStorage.setItem('filledEventProfileForEvents', JSON.stringify([id])),
      shell.eventId,
    );
    await page.goto(`/event/${shell.eventId}/`);
    const modal = page.getByTestId('presence-modal');
    await modal.waitFor();
    await expectAccessible(page, 'presence-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL('**/event/list');
    await page.getByText('Please choose On-site or Remote to enter the event.').waitFor();

    // A4.44: the event-profile page never asks: it does not even load the presence state, without
    // which the modal cannot open.
    const presenceCalls: string[] = [];
    const onRequest = (request: { url(): string; method(): string }) => {
      if (request.method() === 'GET' && request.url().endsWith(`/event/${shell.eventId}/presence`)) {
        presenceCalls.push(request.url());
      }
    };
    page.on('request', onRequest);
    await page.goto(`/event/${shell.eventId}/event-profile`);
    await page.getByTestId('event-profile-page').waitFor();
    await renderedAfter(page, page.waitForLoadState('load'));
    page.off('request', onRequest);
    expect(presenceCalls).toEqual([]);
    expect(await modal.count()).toBe(0);

    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('presence-venue').click();
    await modal.waitFor({ state: 'detached' });
    const token = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const state = await api<{ present: string; lastPresenceConfirmTime: string }>(
      `/event/${shell.eventId}/presence`,
      {
        token,
      },
    );
    expect(state.present).toBe('venue');
    const presenceLoaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().endsWith(`/event/${shell.eventId}/presence`),
    );
    await page.reload();
    await page.getByTestId('event-tabs').waitFor();
    await renderedAfter(page, presenceLoaded);
    expect(await modal.count()).toBe(0); // A4.42: not again within 24 hours
  });

  it('A2.65 A4.23 A4.24 A4.26 A4.27 A8.35 timezone check: set for a new user, asked when zones differ', async () => {
    const email = uniqueEmail('zone');
    await apiSignup(email, 'Zone-pass-123');
    const page = await shell.signedIn('desktop', email, { password: 'Zone-pass-123' });
    const modal = page.getByTestId('timezone-modal');
    await modal.waitFor(); // A4.24: the new user confirms the zone that was set
    await expect
      .poll(
        async () =>
          (
            await api<{ timezone: string }>('/user/profile', {
              token: await apiLogin(email, 'Zone-pass-123'),
            })
          ).timezone,
      )
      .toBe('Europe/Istanbul');
    await page.getByTestId('timezone-keep').click();
    await modal.waitFor({ state: 'detached' });

    const token = await apiLogin(email, 'Zone-pass-123');
    await api('/user/profile', {
      method: 'PUT',
      token,
      body: { action: 'timezone', timezone: 'Asia/Tokyo' },
    });
    await page.reload();
    await modal.waitFor(); // A4.26: Tokyo on the profile, Istanbul on the device
    expect(await modal.textContent()).toContain('Asia/Tokyo');
    await page.getByTestId('timezone-keep').click();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await api<{ uiSettings: { timezoneCheck?: unknown } }>('/user/profile', { token })).uiSettings
            .timezoneCheck,
      )
      .toEqual({ userTimezone: 'Asia/Tokyo', localTimezone: 'Europe/Istanbul' });
    const profileLoaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().endsWith('/user/profile'),
    );
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await renderedAfter(page, profileLoaded);
    expect(await modal.count()).toBe(0); // A4.27: the same pair was kept before

    await page.getByTestId('nav-profile').click();
    await page.getByTestId('profile-tab-settings').click();
    await page.getByTestId('timezone-change').click();
    await modal.waitFor();
    await page.getByTestId('timezone-select').fill('Europe/Madrid');
    await page.getByRole('option', { name: 'Europe/Madrid' }).click();
    await page.getByTestId('timezone-save').click();
    await page.getByText('Your time zone was saved.').waitFor(); // A8.35
    expect((await api<{ timezone: string }>('/user/profile', { token })).timezone).toBe('Europe/Madrid');
  });
});
